/* Fixture for ctest prefix_catches_internal: an internal function with the
 * public prefix, which tests/check_prefix.sh must report. */
int bmp_fixture_internal(void);

/* Named bmp_ but declared in no public header. */
int bmp_fixture_internal(void)
{
    return 0;
}

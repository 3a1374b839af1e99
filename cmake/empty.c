/* Keeps bmp_server a valid library while src/server is empty. */
typedef int bmp_server_empty_unit;

/* Who acts: --who, $BRIDGEMP_WHO, the login name (ledger_who.h). */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/ledger/ledger_who.h"

const char *cli_ledger_who(const ledger_args *a, char buf[64])
{
    if (a->who && *a->who)
        return a->who;
    const char *env = getenv("BRIDGEMP_WHO");
    if (env && *env)
        return env;
    const struct passwd *pw = getpwuid(geteuid());
    if (pw && pw->pw_name && *pw->pw_name) {
        snprintf(buf, 64, "%s", pw->pw_name);
        return buf;
    }
    const char *names[] = {"LOGNAME", "USER"};
    for (size_t i = 0; i < 2; i++)
        if ((env = getenv(names[i])) && *env)
            return env;
    snprintf(buf, 64, "uid %lu", (unsigned long)geteuid());
    return buf;
}

/* The embedding example in C++: every public header of libbridgemp and
 * libbridgemp-ledger compiles as C++ and links (each declares its functions
 * inside extern "C"); a C++ program uses the C API as it is.
 *
 *   make embed-cxx && ./embed-cxx ../abf/club-pairs.json
 *
 * Links libbridgemp-ledger (pkg-config bridgemp-ledger) only to show its
 * headers link too; a program that only awards links libbridgemp (embed.c). */
#include <bridgemp/abf.h>
#include <bridgemp/acblscore.h>
#include <bridgemp/awards.h>
#include <bridgemp/bridgemp.h>
#include <bridgemp/ebu.h>
#include <bridgemp/ebu_licence.h>
#include <bridgemp/ebu_year.h>
#include <bridgemp/error.h>
#include <bridgemp/event.h>
#include <bridgemp/file.h>
#include <bridgemp/ledger.h>
#include <bridgemp/ledger_api.h>
#include <bridgemp/ledger_backup.h>
#include <bridgemp/ledger_carried.h>
#include <bridgemp/ledger_certificates.h>
#include <bridgemp/ledger_charges.h>
#include <bridgemp/ledger_convert.h>
#include <bridgemp/ledger_ebu.h>
#include <bridgemp/ledger_invoice.h>
#include <bridgemp/ledger_invoice_settings.h>
#include <bridgemp/ledger_movein.h>
#include <bridgemp/ledger_nz.h>
#include <bridgemp/ledger_payments.h>
#include <bridgemp/ledger_preview.h>
#include <bridgemp/ledger_publish.h>
#include <bridgemp/ledger_queue.h>
#include <bridgemp/ledger_runs.h>
#include <bridgemp/ledger_secretary.h>
#include <bridgemp/ledger_token.h>
#include <bridgemp/ledger_user.h>
#include <bridgemp/nzb.h>
#include <bridgemp/nzscorer.h>
#include <bridgemp/pipeline.h>
#include <bridgemp/place.h>
#include <bridgemp/points.h>
#include <bridgemp/pointtype.h>
#include <bridgemp/rank.h>
#include <bridgemp/rules.h>
#include <bridgemp/table.h>
#include <bridgemp/usebio.h>
#include <bridgemp/version.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s EVENT-FILE\n", argv[0]);
        return 2;
    }
    bmp_pipeline *p = nullptr;
    bmp_error e{};
    bmp_status st = bmp_pipeline_new(&p, &e);
    if (!st)
        st = bmp_pipeline_read_file(p, argv[1], &e);
    if (!st)
        st = bmp_pipeline_award(p, &e);
    if (st) {
        std::fprintf(stderr, "embed-cxx: %s\n", e.msg);
        bmp_pipeline_free(p);
        return 1;
    }
    std::printf("C++: libbridgemp %s, ledger schema %d: %zu awards\n", bmp_version(),
                bmp_ledger_schema_latest(), bmp_awards_count(bmp_pipeline_awards(p)));
    bmp_pipeline_free(p);
    return 0;
}

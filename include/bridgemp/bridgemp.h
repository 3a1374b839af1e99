/* libbridgemp: exact masterpoint awards for contract bridge.
 * Umbrella header; see docs/architecture.md. */
#ifndef BRIDGEMP_H
#define BRIDGEMP_H

#include "bridgemp/version.h" /* BMP_VERSION, generated from project(VERSION) */
#include "bridgemp/error.h"
#include "bridgemp/points.h"
#include "bridgemp/place.h"
#include "bridgemp/event.h"
#include "bridgemp/awards.h"
#include "bridgemp/table.h"
#include "bridgemp/rules.h"
#include "bridgemp/abf.h"
#include "bridgemp/ebu.h"
#include "bridgemp/nzb.h"
#include "bridgemp/usebio.h"
#include "bridgemp/nzscorer.h"
#include "bridgemp/acblscore.h"
#include "bridgemp/pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, "MAJOR.MINOR.PATCH" (BMP_VERSION when built). */
const char *bmp_version(void);

#ifdef __cplusplus
}
#endif

#endif

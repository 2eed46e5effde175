/* Named phases in scalerun's per-rank records, for MPI programs that want them. Include this
 * header and bracket a phase with scalerun_begin("name") ... scalerun_end("name"); scalerun's
 * interposition library (preloaded into every rank by the launcher) adds each region's time, call
 * count and time inside MPI to the rank's record. Without the library the calls do nothing: the
 * functions are weak references that stay null unless a loaded library defines them, so a program
 * built with this header runs anywhere, with or without scalerun. Regions nest; a region's time is
 * inclusive; scalerun_value("name", x) attaches a number to the rank's record. Plain C, so C, C++ and Fortran (through a C shim) programs can use it. */
#ifndef SCALERUN_REGION_H
#define SCALERUN_REGION_H

#ifdef __cplusplus
extern "C" {
#endif

void scalerun_region_begin(const char* name) __attribute__((weak));
void scalerun_region_end(const char* name) __attribute__((weak));
void scalerun_region_value(const char* name, double value) __attribute__((weak));

#ifdef __cplusplus
}
#endif

static inline void scalerun_begin(const char* name) {
  if (scalerun_region_begin) scalerun_region_begin(name);
}

static inline void scalerun_end(const char* name) {
  if (scalerun_region_end) scalerun_region_end(name);
}

/* A number this rank wants in its record (the rows it was given, a residual, ...); the last value
 * given under a name is kept. scalerun shows it in the per-rank table. */
static inline void scalerun_value(const char* name, double value) {
  if (scalerun_region_value) scalerun_region_value(name, value);
}

#endif

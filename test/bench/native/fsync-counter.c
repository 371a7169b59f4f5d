/*
 * LD_PRELOAD shim for the benchmarks: counts fsync() and fdatasync() calls of the process it is
 * loaded into (SQLite's durable commits and checkpoints), in a shared 16-byte file named by
 * BENCH_FSYNC_COUNTER (three little-endian uint64: fsyncs and fdatasyncs called, then both
 * completed) that the bench reads at any time. Without the variable it only passes the calls on.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static uint64_t *counter;
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

__attribute__((constructor)) static void init(void) {
  real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  real_fdatasync = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  const char *path = getenv("BENCH_FSYNC_COUNTER");
  if (!path) return;
  int fd = open(path, O_RDWR);
  if (fd < 0) return;
  void *p = mmap(0, 24, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p != MAP_FAILED) counter = (uint64_t *)p;
}

int fsync(int fd) {
  if (counter) __atomic_add_fetch(&counter[0], 1, __ATOMIC_RELAXED);
  int r = real_fsync(fd);
  if (counter) __atomic_add_fetch(&counter[2], 1, __ATOMIC_RELEASE);
  return r;
}

int fdatasync(int fd) {
  if (counter) __atomic_add_fetch(&counter[1], 1, __ATOMIC_RELAXED);
  int r = real_fdatasync(fd);
  if (counter) __atomic_add_fetch(&counter[2], 1, __ATOMIC_RELEASE);
  return r;
}

/* Stub: to be written. */
#include "commands.h"
#include <stdio.h>
int memplan_cmd_study(int argc, char **argv) {
  (void)argc; (void)argv;
  fprintf(stderr, "memplan study: not implemented yet\n");
  return 2;
}

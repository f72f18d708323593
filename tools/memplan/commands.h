/* The memplan CLI's subcommands, one file each; main.c dispatches by name.
 * Each returns the process exit code: 0 ok, 1 infeasible / invalid plan,
 * 2 usage or input error. argv[0] is the subcommand name. */
#ifndef MEMPLAN_TOOLS_COMMANDS_H
#define MEMPLAN_TOOLS_COMMANDS_H

int memplan_cmd_solve(int argc, char **argv);
int memplan_cmd_check(int argc, char **argv);
int memplan_cmd_compare(int argc, char **argv);
int memplan_cmd_gen(int argc, char **argv);
int memplan_cmd_render(int argc, char **argv);
int memplan_cmd_study(int argc, char **argv);

#endif

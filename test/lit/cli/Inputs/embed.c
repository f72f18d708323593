/* A program that embeds the installed library (install.test): the user
 * guide's example, built only from what `cmake --install` puts in place. */
#include <memplan/csv.h>
#include <memplan/json.h>
#include <memplan/memplan.h>
#include <memplan/output.h>
#include <memplan/svg.h>

#include <stdio.h>

int main(void) {
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 2);
  memplan_problem_add(&p, "b", 20, 1, 1, 3);
  memplan_problem_add(&p, "c", 15, 1, 2, 4);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  int rc = memplan_solve(&p, "auto", NULL, &plan, err, sizeof err);
  if (rc != 0)
    fprintf(stderr, "%s\n", err);
  else
    printf("peak=%llu lower_bound=%llu status=%s\n",
           (unsigned long long)plan.peak,
           (unsigned long long)plan.lower_bound,
           memplan_status_name(plan.status));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
  return rc != 0;
}

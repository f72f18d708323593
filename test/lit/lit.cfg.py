# lit configuration for memplan: CLI tests (cli/), pass tests (pass/) and
# end-to-end runs (e2e/). Substitutions:
#   %memplan      build/bin/memplan
#   %memplan-opt  build/bin/memplan-opt
#   %mlir-opt     Debian's upstream mlir-opt 22
#   %plugin       build/lib/MemPlanPlugin.so
#   %shared       the shared inputs folder (../shared beside the checkout)
#   %src          the source root
#   %build        the build tree
#   %e2e          test/e2e (scripts that lower, run and compare programs)
import os
import lit.formats

config.name = "memplan"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test", ".mlir", ".csv"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.memplan_obj_root, "test", "lit")

bindir = os.path.join(config.memplan_obj_root, "bin")
config.environment["PATH"] = os.pathsep.join(
    [bindir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(("%memplan-opt", os.path.join(bindir, "memplan-opt")))
config.substitutions.append(("%memplan", os.path.join(bindir, "memplan")))
config.substitutions.append(("%mlir-opt", config.mlir_opt))
config.substitutions.append(("%mlir-runner", config.mlir_runner))
config.substitutions.append(("%plugin", os.path.join(config.memplan_obj_root, "lib", "MemPlanPlugin.so")))
config.substitutions.append(("%shared", config.memplan_shared_dir))
config.substitutions.append(("%src", config.memplan_src_root))
config.substitutions.append(("%build", config.memplan_obj_root))
config.substitutions.append(("%e2e", os.path.join(config.memplan_src_root, "test", "e2e")))

if os.path.isdir(config.memplan_shared_dir):
    config.available_features.add("shared")
if config.enable_mlir:
    config.available_features.add("mlir")
if config.enable_milp:
    config.available_features.add("milp")

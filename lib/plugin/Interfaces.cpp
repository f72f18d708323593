//===-- Interfaces.cpp - Op interface queries for the C pass body ---------===//
//
// MLIR's C API cannot ask an op for its interfaces, so the C body of
// memplan-static (lib/pass) gets these small functions (declared in
// include/memplan-c/pass.h). With them liveness understands an op of a
// dialect it has never seen, when that op implements the interfaces.
//
// Interfaces only, no traits: a trait's TypeID is made from a compiler-
// specific spelling of a local type, and the one this file would compute
// need not match the one libMLIR registered the ops with.
//
//===----------------------------------------------------------------------===//

#include "memplan-c/pass.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

extern "C" void memplan_emit_remark(MlirLocation loc, const char *msg) {
  emitRemark(unwrap(loc)) << msg;
}

extern "C" unsigned memplan_op_operand_effects(MlirOperation cop,
                                               intptr_t idx) {
  Operation *op = unwrap(cop);
  Value v = op->getOperand(idx);
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return MEMPLAN_EFFECT_UNKNOWN;
  unsigned mask = 0;
  for (const MemoryEffects::EffectInstance &e : *effects) {
    Value target = e.getValue();
    if (!target) {
      // An effect on a resource no value names (the default resource: any
      // memory) could touch the buffer through a pointer memplan cannot see.
      if (e.getResource() == SideEffects::DefaultResource::get())
        mask |= MEMPLAN_EFFECT_UNKNOWN;
      continue;
    }
    if (target != v) {
      mask |= MEMPLAN_EFFECT_OTHERS;
      continue;
    }
    if (isa<MemoryEffects::Read>(e.getEffect()))
      mask |= MEMPLAN_EFFECT_READ;
    else if (isa<MemoryEffects::Write>(e.getEffect()))
      mask |= MEMPLAN_EFFECT_WRITE;
    else if (isa<MemoryEffects::Free>(e.getEffect()))
      mask |= MEMPLAN_EFFECT_FREE;
    else if (isa<MemoryEffects::Allocate>(e.getEffect()))
      mask |= MEMPLAN_EFFECT_ALLOC;
  }
  return mask;
}

extern "C" bool memplan_op_effects(MlirOperation cop,
                                   void (*visit)(void *, MlirValue, unsigned),
                                   void *ctx) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(unwrap(cop));
  if (!effects)
    return false;
  for (const MemoryEffects::EffectInstance &e : *effects) {
    unsigned kind = isa<MemoryEffects::Read>(e.getEffect())    ? MEMPLAN_EFFECT_READ
                    : isa<MemoryEffects::Write>(e.getEffect()) ? MEMPLAN_EFFECT_WRITE
                    : isa<MemoryEffects::Free>(e.getEffect())  ? MEMPLAN_EFFECT_FREE
                                                               : MEMPLAN_EFFECT_ALLOC;
    visit(ctx, wrap(e.getValue()), kind);
  }
  return true;
}

extern "C" intptr_t memplan_op_view_source(MlirOperation cop) {
  auto view = dyn_cast<ViewLikeOpInterface>(unwrap(cop));
  if (!view)
    return -1;
  Value source = view.getViewSource();
  for (OpOperand &operand : view->getOpOperands())
    if (operand.get() == source)
      return operand.getOperandNumber();
  return -1;
}

// The region-branch op whose successors `op`'s operands are handed to, and
// the point they leave from: op itself (its entry operands), or op's parent
// when op is a region-branch terminator.
static RegionBranchOpInterface branchOf(Operation *op,
                                        std::optional<RegionBranchPoint> &from) {
  if (auto term = dyn_cast<RegionBranchTerminatorOpInterface>(op)) {
    auto parent = dyn_cast<RegionBranchOpInterface>(op->getParentOp());
    if (parent)
      from = RegionBranchPoint(term);
    return parent;
  }
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (branch)
    from = RegionBranchPoint::parent();
  return branch;
}

extern "C" intptr_t memplan_op_forwarded(MlirOperation cop, intptr_t idx,
                                         MlirValue *out, intptr_t cap,
                                         bool *repeats) {
  Operation *op = unwrap(cop);
  *repeats = false;
  std::optional<RegionBranchPoint> from;
  RegionBranchOpInterface branch = branchOf(op, from);
  if (!branch)
    return -1;
  RegionBranchSuccessorMapping mapping;
  branch.getSuccessorOperandInputMapping(mapping, from);
  auto it = mapping.find(&op->getOpOperand(idx));
  if (it == mapping.end())
    return 0;
  // Leaving a region that may run again (a loop body) hands the value to
  // the next iteration or out of the loop; entering one hands it to every
  // iteration.
  Region *own = op == branch.getOperation() ? nullptr : op->getParentRegion();
  if (own && branch.isRepetitiveRegion(own->getRegionNumber()))
    *repeats = true;
  intptr_t n = 0;
  for (Value target : it->second) {
    if (auto arg = dyn_cast<BlockArgument>(target)) {
      Region *r = arg.getOwner()->getParent();
      if (r->getParentOp() == branch.getOperation() &&
          branch.isRepetitiveRegion(r->getRegionNumber()))
        *repeats = true;
    }
    if (n < cap)
      out[n] = wrap(target);
    ++n;
  }
  return n;
}

extern "C" bool memplan_op_is_region_branch(MlirOperation op) {
  return isa<RegionBranchOpInterface>(unwrap(op));
}

extern "C" bool memplan_op_is_linalg(MlirOperation op) {
  return isa<linalg::LinalgOp>(unwrap(op));
}

extern "C" bool memplan_op_is_call(MlirOperation op) {
  return isa<CallOpInterface>(unwrap(op));
}

extern "C" MlirAttribute memplan_call_callee(MlirOperation cop) {
  auto call = dyn_cast<CallOpInterface>(unwrap(cop));
  if (!call)
    return wrap(Attribute());
  auto sym = dyn_cast<SymbolRefAttr>(call.getCallableForCallee());
  return wrap(Attribute(sym));
}

extern "C" bool memplan_op_is_function(MlirOperation op) {
  return isa<FunctionOpInterface>(unwrap(op));
}

// A structured op on buffers (LinalgOp) whose init `operand` is a memref.
static linalg::LinalgOp bufferLinalgOp(Operation *op, intptr_t operand) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
      !isa<MemRefType>(op->getOperand(operand).getType()))
    return nullptr;
  return linalgOp;
}

extern "C" bool memplan_op_overwrites(MlirOperation cop, intptr_t idx) {
  Operation *op = unwrap(cop);
  linalg::LinalgOp linalgOp = bufferLinalgOp(op, idx);
  if (!linalgOp)
    return false;
  OpOperand &init = op->getOpOperand(idx);
  if (!linalgOp.isDpsInit(&init) || linalgOp.payloadUsesValueFromOperand(&init))
    return false;
  // Every element is reached when the map names each dimension of the
  // operand by a distinct loop, and no loop is empty (a zero-trip loop the
  // init does not index would leave the whole init unwritten).
  AffineMap map = linalgOp.getMatchingIndexingMap(&init);
  auto type = cast<MemRefType>(init.get().getType());
  if (!map.isProjectedPermutation() || map.getNumResults() != type.getRank())
    return false;
  for (int64_t range : linalgOp.getStaticLoopRanges())
    if (range <= 0) // zero, or ShapedType::kDynamic
      return false;
  return true;
}

extern "C" bool memplan_op_elementwise_pair(MlirOperation cop, intptr_t in,
                                            intptr_t out) {
  Operation *op = unwrap(cop);
  linalg::LinalgOp linalgOp = bufferLinalgOp(op, out);
  if (!linalgOp || !linalgOp.isAllParallelLoops() ||
      !isa<MemRefType>(op->getOperand(in).getType()))
    return false;
  OpOperand &input = op->getOpOperand(in), &init = op->getOpOperand(out);
  if (!linalgOp.isDpsInput(&input) || !linalgOp.isDpsInit(&init))
    return false;
  AffineMap map = linalgOp.getMatchingIndexingMap(&init);
  return map == linalgOp.getMatchingIndexingMap(&input) && map.isPermutation();
}

extern "C" MlirOperation memplan_symbol_non_call_user(MlirOperation csym,
                                                      MlirOperation cfrom) {
  Operation *sym = unwrap(csym);
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(sym, unwrap(cfrom));
  if (!uses)
    return wrap(unwrap(cfrom)); // some op may use it in a way MLIR cannot list
  for (const SymbolTable::SymbolUse &use : *uses) {
    Operation *user = use.getUser();
    auto call = dyn_cast<CallOpInterface>(user);
    auto callee = call ? dyn_cast<SymbolRefAttr>(call.getCallableForCallee())
                       : SymbolRefAttr();
    if (user->getName().getStringRef() != "func.call" || callee != use.getSymbolRef())
      return wrap(user);
  }
  return wrap(static_cast<Operation *>(nullptr));
}

extern "C" intptr_t memplan_op_successor_arg(MlirOperation cop, intptr_t idx,
                                             MlirValue *arg) {
  auto branch = dyn_cast<BranchOpInterface>(unwrap(cop));
  if (!branch)
    return -1;
  std::optional<BlockArgument> target =
      branch.getSuccessorBlockArgument(unsigned(idx));
  if (!target)
    return 0;
  *arg = wrap(Value(*target));
  return 1;
}

// GPU attributions (workgroup and private): the C API has no access to them.
// The arena attribution carries `llvm.align` (the GPU lowerings give the
// global or the alloca that alignment; without it an i8 array may be placed
// at any byte) and the discardable `memplan.arena` (a later run leaves it
// alone).
static bool isWorkgroup(memplan_attribution_kind kind) {
  return kind == MEMPLAN_ATTRIBUTION_WORKGROUP;
}

extern "C" MlirValue memplan_gpu_func_add_arena_attribution(MlirOperation cfunc,
                                                            memplan_attribution_kind kind,
                                                            MlirType type, int64_t align) {
  auto func = dyn_cast<gpu::GPUFuncOp>(unwrap(cfunc));
  if (!func)
    return wrap(Value());
  MLIRContext *ctx = func.getContext();
  // Both kinds' indices read the workgroup count attribute, which the
  // parser always sets but a builder may not have.
  if (!func->getAttrOfType<IntegerAttr>(func.getNumWorkgroupAttributionsAttrName()))
    func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                  IntegerAttr::get(IntegerType::get(ctx, 64), 0));
  Builder b(ctx);
  NamedAttribute attrs[] = {
      b.getNamedAttr("llvm.align", b.getI64IntegerAttr(align)),
      b.getNamedAttr("memplan.arena", b.getUnitAttr())};
  DictionaryAttr dict = b.getDictionaryAttr(attrs);
  BlockArgument arg;
  if (isWorkgroup(kind)) {
    arg = func.addWorkgroupAttribution(unwrap(type), func.getLoc());
    func.setworkgroupAttributionAttrs(func.getNumWorkgroupAttributions() - 1, dict);
  } else {
    arg = func.addPrivateAttribution(unwrap(type), func.getLoc());
    func.setPrivateAttributionAttrs(func.getNumPrivateAttributions() - 1, dict);
  }
  return wrap(Value(arg));
}

extern "C" void memplan_gpu_func_erase_attributions(MlirOperation cfunc,
                                                    memplan_attribution_kind kind,
                                                    const bool *erase) {
  auto func = dyn_cast<gpu::GPUFuncOp>(unwrap(cfunc));
  if (!func)
    return;
  bool workgroup = isWorkgroup(kind);
  unsigned n = workgroup ? func.getNumWorkgroupAttributions() : func.getNumPrivateAttributions();
  unsigned first = workgroup ? func.getFirstWorkgroupAttributionIndex()
                             : func.getFirstPrivateAttributionIndex();
  StringAttr attrsName = workgroup ? func.getWorkgroupAttribAttrsAttrName()
                                   : func.getPrivateAttribAttrsAttrName();
  auto all = func->getAttrOfType<ArrayAttr>(attrsName);
  SmallVector<Attribute> kept;
  llvm::BitVector gone(func.getBody().getNumArguments());
  for (unsigned k = 0; k < n; ++k) {
    if (erase[k]) {
      assert(func.getBody().getArgument(first + k).use_empty() && "uses replaced first");
      gone.set(first + k);
    } else if (all && k < all.size()) {
      kept.push_back(all[k]);
    }
  }
  unsigned left = n - unsigned(gone.count());
  func.getBody().front().eraseArguments(gone);
  // the private attributions are the block's arguments after the
  // workgroup ones: only the workgroup count is an attribute
  if (workgroup) {
    auto count = func->getAttrOfType<IntegerAttr>(func.getNumWorkgroupAttributionsAttrName());
    func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                  IntegerAttr::get(count ? count.getType() : IntegerType::get(func.getContext(), 64),
                                   left));
  }
  if (!all)
    return;
  bool any = llvm::any_of(kept, [](Attribute a) { return !cast<DictionaryAttr>(a).empty(); });
  if (any)
    func->setAttr(attrsName, ArrayAttr::get(func.getContext(), kept));
  else
    func->removeAttr(attrsName);
}

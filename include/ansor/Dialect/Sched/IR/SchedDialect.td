//===- SchedDialect.td - sched dialect definition ----------*- tablegen -*-===//
//
// The `sched` dialect describes Ansor schedules: which transformation steps
// are applied to which node of a payload function, with tunable attributes
// that are either unset (`?`, a sketch) or set (a complete program).
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_DIALECT_SCHED_IR_SCHEDDIALECT_TD
#define ANSOR_DIALECT_SCHED_IR_SCHEDDIALECT_TD

include "mlir/IR/OpBase.td"

def Sched_Dialect : Dialect {
  let name = "sched";
  let summary = "Ansor schedules: sketches and their annotations";
  let description = [{
    A `sched.schedule` names a payload `func.func` and the target it is tuned
    for, lists the payload's compute nodes (the ComputeDAG, by index), and
    holds one block of schedule steps. Each step names a node by index.

    Tunable values are attributes that print `?` while unset: a sketch is a
    schedule with unset tunables, a complete program has all of them set.
    The search reads and writes exactly these attributes, so mutation and
    crossover are attribute edits.

    ```mlir
    sched.schedule @mm for @matmul target "x86_64-znver3"
        nodes [#sched.node<"linalg.fill", [64, 64], [S, S]>,
               #sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>]
        rules ["MultiLevelTiling"] {
      sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
          splits [#sched.split<[?, ?, ?, ?] of 64>,
                  #sched.split<[?, ?, ?, ?] of 64>,
                  #sched.split<[?, ?] of 64>]
      sched.parallel node 1 loops #sched.choice<? in [1, 2]>
    }
    ```
  }];
  let cppNamespace = "::mlir::sched";
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

#endif // ANSOR_DIALECT_SCHED_IR_SCHEDDIALECT_TD

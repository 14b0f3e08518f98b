//===- Passes.td - tuning passes ---------------------------*- tablegen -*-===//

#ifndef ANSOR_TUNER_PASSES_TD
#define ANSOR_TUNER_PASSES_TD

include "mlir/Pass/PassBase.td"

def AnsorMeasureOptions {
  list<Option> options = [
    Option<"summary", "summary", "std::string", /*default=*/"\"\"",
           "Write a JSON summary to this path">,
    Option<"threads", "threads", "unsigned", /*default=*/"0",
           "OpenMP threads of measured kernels (0: the target's cores)">,
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "Target machine ('host' or 'llvm -mtriple=... -mcpu=...')">,
    Option<"repeat", "repeat", "unsigned", /*default=*/"3",
           "Timed repeats per candidate (the median is reported)">,
    Option<"minRepeatMs", "min-repeat-ms", "unsigned", /*default=*/"100",
           "Calls per repeat are raised until a repeat lasts this long">,
    Option<"runTimeout", "run-timeout", "unsigned", /*default=*/"10",
           "Seconds a candidate may run before it is a timeout">,
    Option<"buildTimeout", "build-timeout", "unsigned", /*default=*/"20",
           "Seconds a candidate may compile before it is a timeout">,
    Option<"workDir", "work-dir", "std::string", /*default=*/"\"\"",
           "Scratch directory (default: a fresh temporary one); several "
           "processes may share one, their files named by process id">,
    Option<"referenceTimeout", "reference-timeout", "unsigned",
           /*default=*/"600",
           "Seconds the untuned lowering may run (it may be slow)">,
    Option<"maxMemoryMb", "max-memory-mb", "unsigned", /*default=*/"0",
           "Memory for a runner's buffers in MiB (0: three quarters of the "
           "machine's memory); workloads whose arguments and results need "
           "more are refused. The runner's address space is limited to this "
           "plus 1 GiB">,
    Option<"cacheFlush", "cache-flush", "bool", /*default=*/"false",
           "Flush every input but the first from the CPU's caches before "
           "each timed call (TVM's enable_cpu_cache_flush): a network's "
           "layers read their weights from memory, not from a warm cache">
  ];
}

def AnsorTune : Pass<"ansor-tune", "ModuleOp"> {
  let summary = "Tune every func of the module and apply the best program";
  let description = [{
    Each func is a search task. Its sketches are derived and complete
    programs proposed: by default by Ansor's evolutionary search under the
    learned cost model, retrained each round on every record of the target;
    each round (`measure-per-round` programs) the best new programs of a few
    generations of mutation and node-based crossover are measured, with an
    `eps-greedy` share of fresh random ones. Programs are built in parallel
    by child `ansor-opt --ansor-compile` processes and run by child
    `ansor-runner` processes with timeouts; each output is compared with
    the untuned lowering on the same random inputs. Every measurement is
    appended (and flushed) to `records`; records of earlier runs of the
    same task are not measured again. The best verified program of each
    task is materialized in place of the func. Progress goes to stderr.
  }];
  let options = !listconcat(AnsorMeasureOptions.options, [
    Option<"trials", "trials", "unsigned", /*default=*/"64",
           "Measurements per task">,
    Option<"seed", "seed", "unsigned", /*default=*/"0", "Random seed">,
    Option<"search", "search", "std::string", /*default=*/"\"evolution\"",
           "'evolution' (Ansor's model-guided evolutionary search), "
           "'random' (fresh random programs), 'mutation' (after the "
           "first round, mostly mutations of the best measured programs) or "
           "'model' (each round, the programs the cost model ranks best "
           "among 512 random ones and mutations)">,
    Option<"objective", "objective", "std::string", /*default=*/"\"latency\"",
           "'latency', or 'pareto(latency,workspace)': also keep programs "
           "that allocate fewer temporary bytes (packed panels, cache "
           "stages, rfactor partials, pad tiles, intermediates between "
           "nodes); the summary lists the Pareto front">,
    Option<"population", "population", "unsigned", /*default=*/"2048",
           "With search=evolution: programs per generation">,
    Option<"generations", "generations", "unsigned", /*default=*/"4",
           "With search=evolution: generations bred per round">,
    Option<"mutationProb", "mutation-prob", "double", /*default=*/"0.85",
           "With search=evolution: the share of children made by mutation "
           "(the rest by node-based crossover)">,
    Option<"maxPerBlock", "max-per-block", "unsigned", /*default=*/"0",
           "With search=evolution: at most this many of a round's "
           "model-picked programs share a micro-kernel (the innermost "
           "factor of every split of the tiled nodes, and the packing "
           "steps), even ahead of better Pareto fronts; the next best fill "
           "the rest of the round (0: no cap, Ansor's top of the ranking)">,
    Option<"freshShare", "fresh-share", "double", /*default=*/"0",
           "With search=evolution: the share of a round's model-picked "
           "programs taken from the best scored fresh samples of its first "
           "generation instead of the bred ones (0: none, Ansor's)">,
    Option<"crossover", "crossover", "bool", /*default=*/"true",
           "With search=evolution: breed by crossover too (false: mutation "
           "only)">,
    Option<"measurePerRound", "measure-per-round", "unsigned",
           /*default=*/"64",
           "With search=evolution: programs measured between two trainings "
           "of the cost model (the first round, at random, stops once the "
           "model can train)">,
    Option<"epsGreedy", "eps-greedy", "double", /*default=*/"0.05",
           "With search=evolution or model: the share of each round picked "
           "at random">,
    Option<"budget", "budget", "unsigned", /*default=*/"0",
           "Measurements of the whole module, shared by its tasks under the "
           "task scheduler (0: 'trials' per task, one task after another)">,
    Option<"taskScheduler", "task-scheduler", "std::string",
           /*default=*/"\"gradient\"",
           "With a budget: 'gradient' (Ansor's: after a round of each task, "
           "the task whose next round should cut the objective most, with an "
           "epsilon-greedy 5% at random) or 'round-robin'">,
    Option<"roundTrials", "round-trials", "unsigned", /*default=*/"8",
           "With a budget: measurements per round of the task scheduler">,
    Option<"networkObjective", "network-objective", "std::string",
           /*default=*/"\"sum\"",
           "With a budget: 'sum' (of the networks' latencies, each the sum "
           "of its tasks' latencies times their calls), "
           "'targets(NET=SECONDS,...)' (a network under its target needs "
           "nothing more) or 'geomean-speedup' (over the untuned lowering)">,
    Option<"taskEarlyStop", "task-early-stop", "unsigned", /*default=*/"0",
           "With a budget: a task whose latency has not improved in this "
           "many of its trials gets no more (0: never)">,
    Option<"measureNetworks", "measure-networks", "bool", /*default=*/"true",
           "After tuning, time each network (a func calling task funcs, as "
           "ansor-partition makes) end to end, tuned against untuned in the "
           "same run, and verify its output">,
    Option<"records", "records", "std::string",
           /*default=*/"\"ansor-records.jsonl\"",
           "JSON-lines records file (appended)">,
    Option<"batchSize", "batch-size", "unsigned", /*default=*/"8",
           "Candidates built in parallel and measured per round">,
    Option<"buildJobs", "build-jobs", "unsigned", /*default=*/"2",
           "Parallel compile processes">,
    Option<"registerBlocks", "register-blocks", "bool", /*default=*/"true",
           "Sample multi-level tilings whose register block fits the target's "
           "vector registers: whole vectors, the accumulators plus one row of "
           "the other operand and a broadcast within the registers (false: "
           "Ansor's unconstrained sampling)">,
    Option<"partialTiles", "partial-tiles", "bool", /*default=*/"true",
           "Also split spatial loops into tiles that do not divide them (the "
           "last tile partial, its blocks masked) (false: divisors only, as "
           "Ansor)">,
    Option<"cutRatio", "cut-ratio", "double", /*default=*/"3",
           "Candidates slower than this multiple of the best so far are "
           "timed by their warm-up alone (0: only those slower than the "
           "untuned lowering)">,
    Option<"modelPath", "model", "std::string", /*default=*/"\"\"",
           "With search=evolution or model: a saved cost model (ansor-model eval "
           "--save-model) that picks from the first round, until enough "
           "records retrain it">,
    Option<"modelObjective", "model-objective", "std::string",
           /*default=*/"\"\"",
           "With search=evolution or model: how the cost model makes a "
           "program's score from its statements: 'log-sum-exp' (their "
           "times add up, fitted in log space; the default on a GPU) or "
           "'pack-sum' (Ansor's sum of scores fitted to normalized "
           "throughput; the default on a CPU)">,
    Option<"modelDepth", "model-depth", "unsigned", /*default=*/"10",
           "With search=evolution or model: the depth of the cost model's "
           "trees (Ansor's 10)">,
    Option<"injectFaults", "test-inject-faults", "std::string",
           /*default=*/"\"\"",
           "Test hook: 'TRIAL:KIND,...' with KIND crash, hang, wrong or "
           "compile makes that trial's candidate fail that way">
  ]);
  let dependentDialects = [
    "::mlir::sched::SchedDialect",
    "::mlir::transform::TransformDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def AnsorMeasure : Pass<"ansor-measure", "ModuleOp"> {
  let summary = "Measure every func of the module as it is";
  let description = [{
    Measures each func in child processes, with the same timing method and
    summary format as `ansor-tune`: untuned, or with its complete
    `sched.schedule` applied (then verified against the untuned lowering).
  }];
  let options = AnsorMeasureOptions.options;
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def AnsorPartition : Pass<"ansor-partition", "ModuleOp"> {
  let summary = "Split whole networks into subgraph tasks";
  let description = [{
    Ansor's task extraction: each func of linalg ops on static-shaped
    tensors is split into subgraphs, each a compute-heavy op (a linalg op
    with a reduction loop: matmul, convolution, pooling, reduction) with the
    pads and elementwise ops that only feed it and the chain of elementwise
    ops that only consume it; elementwise ops left over form chains of their
    own. Each subgraph is outlined into a func named after its compute-heavy
    op, and the network func calls it; constants, empty tensors and fills are
    recomputed in every subgraph that uses them. Structurally identical
    subgraphs share one func, so the number of calls of a task func is its
    weight: `ansor-tune` tunes each task func once and its task scheduler
    weighs it by its calls. A func that is a single subgraph, or that calls
    funcs already, is left as it is.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def AnsorApplyBest : Pass<"ansor-apply-best", "ModuleOp"> {
  let summary = "Apply the best recorded program of each func";
  let description = [{
    Looks each func's task up in the records file (by structural task key
    and target) and materializes its best valid schedule, without
    measuring; with `max-workspace`, the best among those whose temporary
    buffers (packed panels, cache stages, rfactor partials, pad tiles,
    intermediates between nodes) take at most that many bytes. Funcs
    without a record are left as they are, with a warning.
  }];
  let options = [
    Option<"records", "records", "std::string",
           /*default=*/"\"ansor-records.jsonl\"", "JSON-lines records file">,
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "Target machine the records were measured on">,
    Option<"maxWorkspace", "max-workspace", "int64_t", /*default=*/"-1",
           "Only programs whose temporary buffers take at most this many "
           "bytes (-1: any)">
  ];
  let dependentDialects = [
    "::mlir::sched::SchedDialect",
    "::mlir::transform::TransformDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

#endif // ANSOR_TUNER_PASSES_TD

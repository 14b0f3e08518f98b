// RUN: ansor-opt %s --split-input-file --verify-diagnostics

// expected-error@below {{split factors 2 x 24 do not cover the loop extent 64: the outermost factor must be ceil(64 / 24) = 3}}
#bad = #sched.split<[2, 4, 2, 3] of 64>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// A partial last tile is fine; more level-0 tiles than needed are not.
// expected-error@below {{split factors 40 x 12 do not cover the loop extent 457: the outermost factor must be ceil(457 / 12) = 39}}
#bad = #sched.split<[40, 2, 1, 6] of 457>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{set split factors multiply to 12, which does not divide the loop extent 64}}
#bad = #sched.split<[4, 3, ?] of 64>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{split factor #1 must be positive or '?', got 0}}
#bad = #sched.split<[64, 0] of 64>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{split needs at least one factor}}
#bad = #sched.split<[] of 64>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{selected value 32 is not in the choice domain [0, 16, 64, 512]}}
#bad = #sched.choice<32 in [0, 16, 64, 512]>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{choice domain must not be empty}}
#bad = #sched.choice<? in []>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{tiling structure needs at least one S level}}
#bad = #sched.structure<[R, R]>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{expected loop kind 'S' or 'R', got 'Q'}}
#bad = #sched.structure<[S, Q]>

// -----

// expected-error@below {{node has 3 loop extents but 2 loop kinds}}
#bad = #sched.node<"linalg.matmul", [4, 4, 4], [S, S]>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

// expected-error@below {{node loop #1 must have a positive static extent, got 0}}
#bad = #sched.node<"linalg.matmul", [4, 0, 4], [S, S, R]>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op node index 3 does not name a node (the schedule has 1 nodes)}}
  sched.tile node 3 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>,
              #sched.split<[?, ?] of 64>]
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op split #1 is of extent 32 but loop 1 of node 0 has extent 64}}
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 32>,
              #sched.split<[?, ?] of 64>]
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op split #2 has 3 factors but the structure has 2 R levels}}
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>,
              #sched.split<[?, ?, ?] of 64>]
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op has 2 splits but node 0 has 3 loops}}
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>]
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[?, ?] of 64>, #sched.split<[?, ?] of 64>, #sched.split<[64] of 64>]
  // expected-error@below {{'sched.tile' op node 0 has more than one sched.tile step}}
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[?, ?] of 64>, #sched.split<[?, ?] of 64>, #sched.split<[64] of 64>]
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>,
              #sched.split<[?, ?] of 64>]
  // expected-error@below {{'sched.fuse_consumer' op level 4 is not a spatial tile level of node 0 (its tiling has 4 S levels)}}
  sched.fuse_consumer node 1 into 0 at #sched.choice<? in [0, 4]>
}

// -----

// A consumer of two matmuls (a SwiGLU's gate times up projection) fused
// into both: its loops would be built twice.
sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>,
              #sched.split<[?, ?] of 64>]
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>,
              #sched.split<[?, ?] of 64>]
  sched.fuse_consumer node 2 into 1 at #sched.choice<? in [0, 1]>
  // expected-error@below {{'sched.fuse_consumer' op fuses node 2 into a second producer}}
  sched.fuse_consumer node 2 into 0 at #sched.choice<? in [0, 1]>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  // expected-error@below {{'sched.fuse_consumer' op node 0 has no sched.tile step to fuse into}}
  sched.fuse_consumer node 1 into 0 at #sched.choice<? in [0, 1]>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.fuse_consumer' op producer node index 5 does not name a node (the schedule has 1 nodes)}}
  sched.fuse_consumer node 0 into 5 at #sched.choice<? in [0, 1]>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.fuse_consumer' op cannot fuse node 0 into itself}}
  sched.fuse_consumer node 0 into 0 at #sched.choice<? in [0, 1]>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.inline' op node 0 has a reduction loop and cannot be inlined}}
  sched.inline node 0
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.parallel' op parallel loop count 3 is out of range [0, 2] for node 0}}
  sched.parallel node 0 loops #sched.choice<? in [1, 3]>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.unroll' op unroll max_step must be non-negative, got -16}}
  sched.unroll node 0 max_step #sched.choice<? in [0, -16]>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.rfactor' op loop 0 of node 0 is not a reduction loop}}
  sched.rfactor node 0 loop 0 split #sched.split<[?, ?] of 64>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.rfactor' op loop 7 does not exist (node 0 has 3 loops)}}
  sched.rfactor node 0 loop 7 split #sched.split<[?, ?] of 64>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 128], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.rfactor' op split is of extent 64 but loop 2 has extent 128}}
  sched.rfactor node 0 loop 2 split #sched.split<[?, ?] of 64>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.rfactor' op rfactor split needs 2 factors, got 3}}
  sched.rfactor node 0 loop 2 split #sched.split<[?, ?, ?] of 64>
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.cache_read' op cache scope must be "shared" or "local", got "global"}}
  sched.cache_read node 0 operand 0 scope "global"
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.cache_read' op access map has 2 dims, node 0 has 3 loops}}
  sched.cache_read node 0 operand 0 scope "shared" access affine_map<(d0, d1) -> (d0, d1)> of f32
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.cache_read' op stages elements of 'index', not an integer or float type}}
  sched.cache_read node 0 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d0, d2)> of index
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>,
              #sched.split<[?, ?] of 64>]
  // expected-error@below {{'sched.bind' op block, vthread and thread levels must increase from the outermost, got 0, 0, 1}}
  sched.bind node 0 block 0 vthread 0 thread 1
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, ?] of 64>,
              #sched.split<[?, ?] of 64>]
  // expected-error@below {{'sched.bind' op level 5 is not a spatial tile level of node 0 (its tiling has 4 S levels)}}
  sched.bind node 0 block 0 vthread 1 thread 5
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.vectorize' op node index 1 does not name a node (the schedule has 1 nodes)}}
  sched.vectorize node 1
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.cache_write' op node index 2 does not name a node (the schedule has 1 nodes)}}
  sched.cache_write node 2
}

// -----

sched.schedule @s for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.layout_rewrite' op node index 4 does not name a node (the schedule has 1 nodes)}}
  sched.layout_rewrite node 4 operand 1
}

// -----

func.func @f() {
  // expected-error@below {{'sched.tile' op expects parent op 'sched.schedule'}}
  sched.tile node 0 structure #sched.structure<[S, S]> splits []
  return
}

// -----

// expected-error@below {{split factors exceed the loop extent 8}}
#bad = #sched.split<[4294967296, 4294967296, ?] of 8>
sched.schedule @s for @f target "t" nodes [] rules [] attributes {a = #bad} {
}

// -----

sched.schedule @s for @f target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.pack' op loop 2 of node 0 is not a spatial loop}}
  sched.pack node 0 operand 1 loop 2 at #sched.choice<0 in [0, 1]>
}

// -----

sched.schedule @s for @f target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.pack' op pack level must be 0 (whole operand) or 1 (per outer tile), got 2}}
  sched.pack node 0 operand 1 loop 1 at #sched.choice<? in [0, 2]>
}

/* ida24.c: reference IDA* for the 24-puzzle (5x5) with Korf & Felner's
   6-6-6-6 additive disjoint pattern databases and their reflection about
   the main diagonal, h = max(regular sum, reflected sum).

   Goal: blank last (tile t in cell t-1 row-major, blank in cell 24).
   Operators: blank down, right, left, up (Korf's up, left, right, down
   turned by the 180 degree rotation between his goal and this one). No move
   back into the previous blank cell. Nodes are counted when generated; the
   root is not counted (as in ida_md.c). Threshold starts at h(start) and
   grows by 2 (every lookup has the parity of its tiles' Manhattan distance,
   so f keeps the parity of the solution length).

   Tables: for each group, the fewest moves of the group's tiles (others
   move free) that bring them home with the blank in the region of its goal
   cell (Korf & Felner's tables; -a: blank in any region), minimised over
   the blank's region at the start. Two tables serve all eight lookups (the
   three 2x3 groups and every reflected group are images of two goal shapes
   under symmetries of the square), each built by a BFS over (placement,
   blank region), cached as 1 byte per ranked placement, and used as a
   25^6-byte direct-access table updated by one difference per move.

   Build:  cc -O3 -o ida24 benches/reference/ida24.c
   Run:    IDA24_CACHE=/tmp/ida24-cache ./ida24 < instances
           (lines "id t0 .. t24" or "id length t0 .. t24", 0 = blank)
   Output: "id h(start) length generated-nodes seconds" per instance on
           stdout; "iter id threshold nodes seconds" per completed
           iteration on stderr (-q drops them).
   Options: -c DIR table cache (or IDA24_CACHE); -q no iteration lines;
           -a blank-anywhere tables; --check [WALKS] self-checks only;
           --deltas how much a move changes each table's value.
   See benches/reference/README.md. No external libraries; Linux (mmap). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define NC 25
#define ALL ((1u << 25) - 1)
#define NRANK 127512000u   /* 25*24*23*22*21*20 ordered placements */
#define NDIRECT 244140625u /* 25^6 direct-access entries */
#define NSHAPE 2

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---------- board geometry ---------- */
static int nops[NC], ops[NC][4];
static uint32_t nbmask[NC];
static int sym[8][NC]; /* the 8 symmetries of the square; sym[4] = transpose */
static uint32_t col0, col4;

static void geometry(void) {
  for (int b = 0; b < NC; b++) {
    int r = b / 5, c = b % 5;
    nops[b] = 0; /* blank down, right, left, up */
    if (r < 4) ops[b][nops[b]++] = b + 5;
    if (c < 4) ops[b][nops[b]++] = b + 1;
    if (c > 0) ops[b][nops[b]++] = b - 1;
    if (r > 0) ops[b][nops[b]++] = b - 5;
    nbmask[b] = 0;
    for (int i = 0; i < nops[b]; i++) nbmask[b] |= 1u << ops[b][i];
    if (c == 0) col0 |= 1u << b;
    if (c == 4) col4 |= 1u << b;
    for (int a = 0; a < 8; a++) {
      int rr = r, cc = c;
      if (a & 4) { int x = rr; rr = cc; cc = x; }
      if (a & 1) rr = 4 - rr;
      if (a & 2) cc = 4 - cc;
      sym[a][b] = rr * 5 + cc;
    }
  }
}

static inline uint32_t flood(uint32_t r, uint32_t fr) {
  for (;;) {
    uint32_t n = (r | r << 5 | r >> 5 | ((r << 1) & ~col0) | ((r >> 1) & ~col4)) & fr;
    if (n == r) return r;
    r = n;
  }
}

static int md(int tile, int cell) { /* blank-last goal: tile t home at t-1 */
  int g = tile - 1;
  return abs(g / 5 - cell / 5) + abs(g % 5 - cell % 5);
}

/* ---------- partition ---------- */
/* Korf & Felner's groups in Korf's numbering (blank in cell 0, tile t in
   cell t); mapped here by the 180 degree rotation: tile t -> 25-t. */
static const int korf_groups[4][6] = {
    {1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}};
/* Canonical goal shapes of the two tables (blank-last cells):
   0: the 2x3 block of tiles 1 2 3 / 6 7 8 (the three block groups are its
      images under symmetries of the square);
   1: the group of tiles 13 18 19 20 23 24 (no symmetry maps it to a block). */
static const int shape_cells[NSHAPE][6] = {{0, 1, 2, 5, 6, 7}, {12, 17, 18, 19, 22, 23}};
static const char *shape_name[NSHAPE] = {"block", "corner"};
/* The abstract goal: the group home with the blank in the region of its own
   goal cell (24), as Korf & Felner's tables and frontier's PatternSpace::new;
   with -a (anyblank), the group home with the blank in any region. Only the
   corner group at home walls a region off (cell 24, behind tiles 20 and 24),
   so the block table is the same either way. */
static int anyblank = 0;

typedef struct {
  int shape, tile[6], map[NC];
} Lookup;
static Lookup lk[8]; /* 0..3 regular, 4..7 reflected */
static int lr[NC], lf[NC];              /* tile -> its regular / reflected lookup */
static int32_t pvr[NC][NC], pvf[NC][NC]; /* tile, cell -> its term of the index */

static void partition(void) {
  int seen_r[NC] = {0}, seen_f[NC] = {0};
  for (int refl = 0; refl < 2; refl++)
    for (int gi = 0; gi < 4; gi++) {
      uint32_t H = 0;
      for (int k = 0; k < 6; k++) {
        int t = 25 - korf_groups[gi][k]; /* blank-last tile */
        int g = t - 1;
        if (refl) g = sym[4][g];
        H |= 1u << g;
      }
      Lookup *L = &lk[refl * 4 + gi];
      int found = 0;
      for (int s = 0; s < NSHAPE && !found; s++)
        for (int a = 0; a < 8 && !found; a++) {
          uint32_t img = 0, S = 0;
          for (int x = 0; x < NC; x++)
            if (H >> x & 1) img |= 1u << sym[a][x];
          for (int k = 0; k < 6; k++) S |= 1u << shape_cells[s][k];
          if (img != S) continue;
          found = 1;
          L->shape = s;
          memcpy(L->map, sym[a], sizeof L->map);
          for (int k = 0; k < 6; k++)
            for (int x = 0; x < NC; x++)
              if (sym[a][x] == shape_cells[s][k]) L->tile[k] = x + 1;
        }
      if (!found) { fprintf(stderr, "no table shape for a group\n"); exit(2); }
      { /* the goal blank's region (cell 24's) must map onto the table's */
        uint32_t S = 0, img = 0, reg = flood(1u << 24, ALL & ~H);
        for (int k = 0; k < 6; k++) S |= 1u << shape_cells[L->shape][k];
        for (int x = 0; x < NC; x++)
          if (reg >> x & 1) img |= 1u << L->map[x];
        if (img != flood(1u << 24, ALL & ~S)) { fprintf(stderr, "goal blank region not preserved\n"); exit(2); }
      }
      int w = 1;
      for (int k = 0; k < 6; k++, w *= 25) {
        int t = L->tile[k];
        int *sn = refl ? seen_f : seen_r;
        sn[t]++;
        if (refl) lf[t] = refl * 4 + gi; else lr[t] = gi;
        for (int c = 0; c < NC; c++) (refl ? pvf : pvr)[t][c] = L->map[c] * w;
      }
    }
  for (int t = 1; t < NC; t++)
    if (seen_r[t] != 1 || seen_f[t] != 1) { fprintf(stderr, "partition broken at tile %d\n", t); exit(2); }
}

/* ---------- compact ranking of ordered placements ---------- */
static inline uint32_t rank6(const int *p) {
  uint32_t r = 0;
  static const int radix[6] = {25, 24, 23, 22, 21, 20};
  for (int k = 0; k < 6; k++) {
    int d = p[k];
    for (int j = 0; j < k; j++) d -= p[j] < p[k];
    r = r * radix[k] + d;
  }
  return r;
}

static inline void unrank6(uint32_t r, int *p) {
  int d[6];
  static const int radix[6] = {25, 24, 23, 22, 21, 20};
  for (int k = 5; k >= 0; k--) { d[k] = r % radix[k]; r /= radix[k]; }
  uint32_t fr = ALL;
  for (int k = 0; k < 6; k++) {
    uint32_t m = fr;
    for (int j = 0; j < d[k]; j++) m &= m - 1;
    p[k] = __builtin_ctz(m);
    fr &= ~(1u << p[k]);
  }
}

/* ---------- table build: layered BFS over (placement, blank region) ---------- */
typedef struct { uint32_t *a; size_t n, cap; } Vec;
static void push(Vec *v, uint32_t x) {
  if (v->n == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 1 << 20;
    v->a = realloc(v->a, v->cap * sizeof *v->a);
    if (!v->a) { perror("realloc"); exit(2); }
  }
  v->a[v->n++] = x;
}

/* Returns the compact table: pdb[rank(p)] = fewest moves of the group's
   tiles taking placement p (tile k at p[k]) to its goal, blank anywhere.
   A BFS state is a placement plus the region of free cells the blank is in,
   named by the region's lowest cell: state = rank << 5 | cell (fits 32 bits). */
static uint8_t *build(int s) {
  const int *G = shape_cells[s];
  uint8_t *pdb = malloc(NRANK);
  uint64_t *seen = calloc(((uint64_t)NRANK * 25 + 63) / 64, 8);
  if (!pdb || !seen) { perror("malloc"); exit(2); }
  memset(pdb, 0xff, NRANK);
  Vec cur = {0}, nxt = {0};
  int p[6];
  memcpy(p, G, sizeof p);
  uint32_t O = 0;
  for (int k = 0; k < 6; k++) O |= 1u << p[k];
  uint32_t r0 = rank6(p), rest = ALL & ~O;
  pdb[r0] = 0;
  if (!anyblank) rest = flood(1u << 24, rest); /* the goal blank's region only */
  while (rest) {
    int c = __builtin_ctz(rest);
    uint32_t R = flood(1u << c, ALL & ~O);
    rest &= ~R;
    uint64_t b = (uint64_t)r0 * 25 + c;
    seen[b >> 6] |= 1ull << (b & 63);
    push(&cur, r0 << 5 | c);
  }
  size_t total = 0, placed = 1;
  double t0 = now();
  for (int d = 0; cur.n; d++) {
    total += cur.n;
    for (size_t i = 0; i < cur.n; i++) {
      uint32_t e = cur.a[i], r = e >> 5;
      unrank6(r, p);
      O = 0;
      for (int k = 0; k < 6; k++) O |= 1u << p[k];
      uint32_t R = flood(1u << (e & 31), ALL & ~O);
      for (int k = 0; k < 6; k++) {
        int pk = p[k];
        uint32_t cand = nbmask[pk] & R;
        while (cand) {
          int q = __builtin_ctz(cand);
          cand &= cand - 1;
          uint32_t O2 = O ^ (1u << pk) ^ (1u << q);
          uint32_t R2 = flood(1u << pk, ALL & ~O2);
          int c2 = __builtin_ctz(R2);
          p[k] = q;
          uint32_t r2 = rank6(p);
          p[k] = pk;
          uint64_t b = (uint64_t)r2 * 25 + c2;
          if (seen[b >> 6] >> (b & 63) & 1) continue;
          seen[b >> 6] |= 1ull << (b & 63);
          push(&nxt, r2 << 5 | c2);
          if (pdb[r2] == 0xff) { pdb[r2] = d + 1; placed++; }
        }
      }
    }
    fprintf(stderr, "  %s: depth %2d: %10zu states, %10zu placements so far, %.0f s\n", shape_name[s], d,
            cur.n, placed, now() - t0);
    Vec t = cur; cur = nxt; nxt = t; nxt.n = 0;
  }
  free(cur.a); free(nxt.a); free(seen);
  fprintf(stderr, "  %s: %zu (placement, region) states, %zu of %u placements\n", shape_name[s], total, placed,
          NRANK);
  if (placed != NRANK) { fprintf(stderr, "table incomplete\n"); exit(2); }
  return pdb;
}

/* ---------- cache files and the direct-access tables ---------- */
static uint8_t *direct[NSHAPE];
static void magic(int s, char *m) { /* 16-byte file header naming the table */
  memset(m, 0, 16);
  snprintf(m, 16, "ida24v2 %s%s", s ? "cnr" : "blk", s && anyblank ? "-any" : "");
}

static uint8_t *load_or_build(int s, const char *dir, double *build_s) {
  char path[4096];
  uint8_t *pdb = NULL;
  if (dir) {
    snprintf(path, sizeof path, "%s/ida24-%s%s.pdb", dir, shape_name[s], s && anyblank ? "-anyblank" : "");
    FILE *f = fopen(path, "rb");
    if (f) {
      char hdr[16], want[16];
      magic(s, want);
      pdb = malloc(NRANK);
      if (fread(hdr, 1, 16, f) != 16 || memcmp(hdr, want, 16) || fread(pdb, 1, NRANK, f) != NRANK) {
        fprintf(stderr, "ignoring bad cache file %s\n", path);
        free(pdb); pdb = NULL;
      }
      fclose(f);
    }
  }
  if (!pdb) {
    fprintf(stderr, "building the %s table ...\n", shape_name[s]);
    double t0 = now();
    pdb = build(s);
    *build_s += now() - t0;
    if (dir) {
      mkdir(dir, 0777);
      char tmp[4200];
      snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
      FILE *f = fopen(tmp, "wb");
      char m[16];
      magic(s, m);
      if (!f || fwrite(m, 1, 16, f) != 16 || fwrite(pdb, 1, NRANK, f) != NRANK || fclose(f) ||
          rename(tmp, path))
        fprintf(stderr, "could not write cache %s: %s\n", path, strerror(errno));
      else
        fprintf(stderr, "cached %s\n", path);
    }
  }
  return pdb;
}

/* Expands a compact table into a 25^6-byte direct-access one: index
   sum_k cell_k * 25^k, so a move changes it by a table difference. */
static uint8_t *expand(const uint8_t *pdb) {
  uint8_t *t = mmap(NULL, NDIRECT, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (t == MAP_FAILED) { perror("mmap"); exit(2); }
  madvise(t, NDIRECT, MADV_HUGEPAGE);
  uint32_t r = 0;
  for (int a = 0; a < NC; a++)
    for (int b = 0; b < NC; b++) if (b != a)
    for (int c = 0; c < NC; c++) if (c != a && c != b)
    for (int d = 0; d < NC; d++) if (d != a && d != b && d != c)
    for (int e = 0; e < NC; e++) if (e != a && e != b && e != c && e != d) {
      uint32_t base = a + 25 * (b + 25 * (c + 25 * (d + 25 * e)));
      for (int f = 0; f < NC; f++)
        if (f != a && f != b && f != c && f != d && f != e) t[base + 9765625u * f] = pdb[r++];
    }
  return t;
}

static void tables(const char *dir) {
  double t0 = now(), build_s = 0;
  for (int s = 0; s < NSHAPE; s++) {
    uint8_t *pdb = load_or_build(s, dir, &build_s);
    direct[s] = expand(pdb);
    free(pdb);
  }
  fprintf(stderr, "tables ready in %.1f s (%.1f s building); %u bytes each, %.0f MB resident\n", now() - t0,
          build_s, NDIRECT, NSHAPE * NDIRECT / 1e6);
}

/* ---------- heuristic and search ---------- */
static uint8_t s[NC];
static uint32_t idx[8];
static uint8_t val[8];
static const uint8_t *tab[8];
static long long gen;
static int thresh, sol[256];

static uint32_t index_of(int L, const uint8_t *pos) {
  uint32_t x = 0;
  for (int k = 5; k >= 0; k--) x = x * 25 + lk[L].map[pos[lk[L].tile[k]]];
  return x;
}

/* sets idx/val from s; returns regular and reflected sums */
static void evaluate(int *hr, int *hf) {
  uint8_t pos[NC];
  for (int c = 0; c < NC; c++) pos[s[c]] = c;
  *hr = *hf = 0;
  for (int L = 0; L < 8; L++) {
    tab[L] = direct[lk[L].shape];
    idx[L] = index_of(L, pos);
    val[L] = tab[L][idx[L]];
    if (L < 4) *hr += val[L]; else *hf += val[L];
  }
}

static int dfs(int blank, int old, int g, int hr, int hf) {
  for (int i = 0; i < nops[blank]; i++) {
    int nb = ops[blank][i];
    if (nb == old) continue;
    int t = s[nb];
    gen++;
    int L = lr[t];
    uint32_t ni = idx[L] + pvr[t][blank] - pvr[t][nb];
    int nv = tab[L][ni], nhr = hr - val[L] + nv;
    if (g + 1 + nhr > thresh) continue;
    int M = lf[t];
    uint32_t mi = idx[M] + pvf[t][blank] - pvf[t][nb];
    int mv = tab[M][mi], nhf = hf - val[M] + mv;
    if (g + 1 + nhf > thresh) continue;
    sol[g] = nb;
    if (nhr == 0) return 1;
    uint32_t oi = idx[L], oj = idx[M];
    uint8_t ov = val[L], ow = val[M];
    idx[L] = ni; val[L] = nv; idx[M] = mi; val[M] = mv;
    s[blank] = t; s[nb] = 0;
    if (dfs(nb, blank, g + 1, nhr, nhf)) return 1;
    s[nb] = t; s[blank] = 0;
    idx[L] = oi; val[L] = ov; idx[M] = oj; val[M] = ow;
  }
  return 0;
}

static int verbose_iter = 1;

/* Solves board b; returns the length, sets *h0 and *nodes. */
static int solve(const uint8_t *b, int id, int *h0, long long *nodes) {
  memcpy(s, b, NC);
  int blank = 0, hr, hf;
  for (int c = 0; c < NC; c++) if (!s[c]) blank = c;
  evaluate(&hr, &hf);
  *h0 = hr > hf ? hr : hf;
  *nodes = 0;
  if (hr == 0) return 0;
  double t0 = now();
  for (thresh = *h0;; thresh += 2) {
    gen = 0;
    int ok = dfs(blank, -1, 0, hr, hf);
    *nodes += gen;
    if (verbose_iter) fprintf(stderr, "iter %d %d %lld %.2f\n", id, thresh, gen, now() - t0);
    if (ok) break;
  }
  /* replay the moves found: must reach the goal in exactly that many moves */
  uint8_t q[NC];
  memcpy(q, b, NC);
  int bl = blank, len = -1;
  for (int g = 0; g <= thresh; g++) {
    if (!(nbmask[bl] >> sol[g] & 1)) break;
    q[bl] = q[sol[g]]; q[sol[g]] = 0; bl = sol[g];
    int home = 1;
    for (int c = 0; c < 24; c++) home &= q[c] == c + 1;
    if (home) { len = g + 1; break; }
  }
  if (len < 0) { fprintf(stderr, "instance %d: solution does not replay\n", id); exit(3); }
  return len;
}

/* ---------- Manhattan-only IDA*, for the checks ---------- */
static int mdd(int blank, int old, int g, int h) {
  for (int i = 0; i < nops[blank]; i++) {
    int nb = ops[blank][i];
    if (nb == old) continue;
    int t = s[nb], nh = h - md(t, nb) + md(t, blank);
    gen++;
    if (g + 1 + nh > thresh) continue;
    if (nh == 0) return 1;
    s[blank] = t; s[nb] = 0;
    if (mdd(nb, blank, g + 1, nh)) return 1;
    s[nb] = t; s[blank] = 0;
  }
  return 0;
}
static int solve_md(const uint8_t *b, long long *nodes) {
  memcpy(s, b, NC);
  int blank = 0, h = 0;
  for (int c = 0; c < NC; c++) if (!s[c]) blank = c; else h += md(s[c], c);
  *nodes = 0;
  if (!h) return 0;
  for (thresh = h;; thresh += 2) {
    gen = 0;
    int ok = mdd(blank, -1, 0, h);
    *nodes += gen;
    if (ok) return thresh;
  }
}

static int board_md(const uint8_t *b) {
  int h = 0;
  for (int c = 0; c < NC; c++) if (b[c]) h += md(b[c], c);
  return h;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(uint32_t n) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (uint32_t)((rng >> 11) % n);
}

static int fails;
#define CHECK(cond, ...) do { if (!(cond)) { fails++; if (fails < 20) fprintf(stderr, "FAIL: " __VA_ARGS__); } } while (0)

static int check(int walks) {
  double t0 = now();
  /* the partition, as used */
  for (int L = 0; L < 8; L++) {
    fprintf(stderr, "%s lookup %d: table %-6s tiles", L < 4 ? "regular  " : "reflected", L % 4,
            shape_name[lk[L].shape]);
    for (int k = 0; k < 6; k++) fprintf(stderr, " %d", lk[L].tile[k]);
    fprintf(stderr, "\n");
  }
  /* every table entry: >= Manhattan distance of the group's tiles, same parity, goal 0 */
  for (int sh = 0; sh < NSHAPE; sh++) {
    const int *G = shape_cells[sh];
    long long hist[256] = {0}, below = 0, parity = 0, n = 0;
    int mdc[6][NC];
    for (int k = 0; k < 6; k++)
      for (int c = 0; c < NC; c++) mdc[k][c] = abs(G[k] / 5 - c / 5) + abs(G[k] % 5 - c % 5);
    const uint8_t *t = direct[sh];
    for (int a = 0; a < NC; a++)
      for (int b = 0; b < NC; b++) if (b != a)
      for (int c = 0; c < NC; c++) if (c != a && c != b)
      for (int d = 0; d < NC; d++) if (d != a && d != b && d != c)
      for (int e = 0; e < NC; e++) if (e != a && e != b && e != c && e != d)
      for (int f = 0; f < NC; f++) if (f != a && f != b && f != c && f != d && f != e) {
        int v = t[a + 25 * (b + 25 * (c + 25 * (d + 25 * (e + 25 * f))))];
        int m = mdc[0][a] + mdc[1][b] + mdc[2][c] + mdc[3][d] + mdc[4][e] + mdc[5][f];
        hist[v]++; n++;
        below += v < m;
        parity += (v ^ m) & 1;
      }
    int goal = t[G[0] + 25 * (G[1] + 25 * (G[2] + 25 * (G[3] + 25 * (G[4] + 25 * G[5]))))];
    double mean = 0;
    int mx = 0;
    for (int v = 0; v < 256; v++) { mean += (double)v * hist[v]; if (hist[v]) mx = v; }
    fprintf(stderr, "table %s: %lld entries, goal %d, below Manhattan %lld, parity off %lld, zeros %lld, max %d, mean %.3f\n",
            shape_name[sh], n, goal, below, parity, hist[0], mx, mean / n);
    CHECK(n == NRANK && goal == 0 && below == 0 && parity == 0 && hist[0] == 1 && hist[255] == 0,
          "table %s\n", shape_name[sh]);
  }
  /* random solvable boards: h >= Manhattan, reflected sum = regular sum of the transposed board */
  double sr = 0, sf = 0, sm = 0, smax = 0;
  int nrand = 200000;
  for (int i = 0; i < nrand; i++) {
    uint8_t b[NC], tb[NC];
    for (int c = 0; c < NC; c++) b[c] = c < 24 ? c + 1 : 0;
    for (int c = NC - 1; c > 0; c--) { int j = rnd(c + 1); uint8_t x = b[c]; b[c] = b[j]; b[j] = x; }
    int inv = 0;
    for (int x = 0; x < NC; x++) for (int y = x + 1; y < NC; y++) inv += b[x] && b[y] && b[x] > b[y];
    if (inv & 1) { /* swap two fixed non-blank tiles */
      int x = b[0] ? 0 : 2, y = b[1] ? 1 : 2;
      uint8_t z = b[x]; b[x] = b[y]; b[y] = z;
    }
    int hr, hf, tr, tf, m = board_md(b);
    memcpy(s, b, NC); evaluate(&hr, &hf);
    for (int c = 0; c < NC; c++) tb[sym[4][c]] = b[c] ? sym[4][b[c] - 1] + 1 : 0;
    memcpy(s, tb, NC); evaluate(&tr, &tf);
    CHECK(hr >= m && hf >= m && hr >= 0 && hf >= 0, "random board below Manhattan\n");
    CHECK(hf == tr && hr == tf, "reflection mismatch %d %d %d %d\n", hr, hf, tr, tf);
    sr += hr; sf += hf; sm += m; smax += hr > hf ? hr : hf;
  }
  fprintf(stderr, "%d random boards: mean Manhattan %.3f, regular %.3f, reflected %.3f, max of both %.3f\n", nrand,
          sm / nrand, sr / nrand, sf / nrand, smax / nrand);
  /* random walks from the goal (depth <= 30): PDB IDA* length = Manhattan IDA* length;
     and the incremental indices agree with recomputation along the walk */
  int hist_len[40] = {0};
  long long npdb = 0, nmd = 0;
  verbose_iter = 0;
  for (int w = 0; w < walks; w++) {
    uint8_t b[NC];
    for (int c = 0; c < NC; c++) b[c] = c < 24 ? c + 1 : 0;
    int bl = 24, old = -1, depth = 1 + rnd(30), hr, hf;
    memcpy(s, b, NC); evaluate(&hr, &hf);
    for (int i = 0; i < depth; i++) {
      int nb;
      do nb = ops[bl][rnd(nops[bl])]; while (nb == old);
      int t = s[nb], L = lr[t], M = lf[t];
      uint32_t ni = idx[L] + pvr[t][bl] - pvr[t][nb], mi = idx[M] + pvf[t][bl] - pvf[t][nb];
      s[bl] = t; s[nb] = 0; old = bl; bl = nb;
      evaluate(&hr, &hf);
      CHECK(ni == idx[L] && mi == idx[M], "incremental index\n");
    }
    memcpy(b, s, NC);
    long long n1, n2;
    int h0, l1 = solve(b, -1, &h0, &n1), l2 = solve_md(b, &n2);
    CHECK(l1 == l2 && l1 <= depth && (l1 & 1) == (depth & 1), "walk %d: depth %d pdb %d md %d\n", w, depth, l1, l2);
    hist_len[l1]++;
    npdb += n1; nmd += n2;
  }
  verbose_iter = 1;
  fprintf(stderr, "%d random walks: lengths equal to Manhattan IDA*'s; nodes PDB %lld vs Manhattan %lld; length histogram:",
          walks, npdb, nmd);
  for (int i = 0; i < 40; i++) if (hist_len[i]) fprintf(stderr, " %d:%d", i, hist_len[i]);
  fprintf(stderr, "\ncheck %s (%d failures) in %.1f s\n", fails ? "FAILED" : "passed", fails, now() - t0);
  return fails ? 1 : 0;
}

/* --deltas: how much one move of one group tile changes a table's value,
   over every placement and every such move (with the blank on the cell it
   moves to). A table whose changes were all 1 could be stored as the value
   mod 3, 2 bits an entry (Breyer & Korf); these tables take the least
   value over the blank's regions, so some moves change it by more. */
static int deltas(const char *dir) {
  for (int s = 0; s < NSHAPE; s++) {
    double build_s = 0;
    uint8_t *pdb = load_or_build(s, dir, &build_s);
    long long hist[64] = {0};
    int maxd = 0;
    for (uint32_t r = 0; r < NRANK; r++) {
      int p[6], q[6];
      unrank6(r, p);
      uint32_t occ = 0;
      for (int k = 0; k < 6; k++) occ |= 1u << p[k];
      for (int k = 0; k < 6; k++) {
        uint32_t to = nbmask[p[k]] & ~occ;
        while (to) {
          int c = __builtin_ctz(to);
          to &= to - 1;
          memcpy(q, p, sizeof q);
          q[k] = c;
          int d = abs((int)pdb[r] - (int)pdb[rank6(q)]);
          hist[d & 63]++;
          if (d > maxd) maxd = d;
        }
      }
    }
    printf("%s: moves changing the value by", shape_name[s]);
    for (int d = 0; d <= maxd && d < 64; d++)
      if (hist[d]) printf(" %d: %lld", d, hist[d]);
    printf("\n");
    free(pdb);
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *dir = getenv("IDA24_CACHE");
  int walks = -1, show_deltas = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-c") && i + 1 < argc) dir = argv[++i];
    else if (!strcmp(argv[i], "-q")) verbose_iter = 0;
    else if (!strcmp(argv[i], "-a")) anyblank = 1;
    else if (!strcmp(argv[i], "--deltas")) show_deltas = 1;
    else if (!strcmp(argv[i], "--check")) walks = (i + 1 < argc && argv[i + 1][0] != '-') ? atoi(argv[++i]) : 300;
    else {
      fprintf(stderr, "usage: %s [-c CACHE_DIR] [-q] [-a] [--check [WALKS]] [--deltas] < instances\n", argv[0]);
      return 2;
    }
  }
  if (!dir || !*dir) { dir = NULL; fprintf(stderr, "no cache directory (-c or IDA24_CACHE): building the tables\n"); }
  geometry();
  partition();
  if (show_deltas) return deltas(dir);
  tables(dir);
  if (walks >= 0) return check(walks);

  char line[1024];
  int bad = 0;
  while (fgets(line, sizeof line, stdin)) {
    long v[32];
    int n = 0, off;
    char *p = line;
    if (*p == '#') continue;
    while (n < 32 && sscanf(p, "%ld%n", &v[n], &off) == 1) { n++; p += off; }
    if (n == 0) continue;
    if (n != 26 && n != 27) { fprintf(stderr, "bad line (%d numbers): %s", n, line); bad = 1; continue; }
    int id = v[0], expect = n == 27 ? v[1] : -1;
    uint8_t b[NC];
    int have[NC] = {0}, okp = 1, inv = 0, blank = 0;
    for (int c = 0; c < NC; c++) {
      long t = v[n - 25 + c];
      if (t < 0 || t >= NC || have[t]++) okp = 0; else b[c] = t;
    }
    if (okp)
      for (int x = 0; x < NC; x++) {
        if (!b[x]) blank = x;
        for (int y = x + 1; y < NC; y++) inv += b[x] && b[y] && b[x] > b[y];
      }
    if (!okp || (inv & 1)) { fprintf(stderr, "instance %d: %s\n", id, okp ? "unsolvable" : "not a permutation"); bad = 1; continue; }
    (void)blank;
    long long nodes;
    int h0;
    double t0 = now();
    int len = solve(b, id, &h0, &nodes);
    double dt = now() - t0;
    printf("%d %d %d %lld %.2f", id, h0, len, nodes, dt);
    if (expect >= 0 && expect != len) { printf(" MISMATCH expected %d", expect); bad = 1; }
    printf("\n");
    fflush(stdout);
  }
  return bad;
}

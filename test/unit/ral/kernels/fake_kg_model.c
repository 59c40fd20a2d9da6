/* A hand-written stand-in for a kernel-graph .so built by disc-compile: each
   function is what the compiler emits for a small tfrt program, one
   api->invoke per kernel on a static DiscKgSite, then the tfrt.return
   protocol (add_ref the returned values, drop_ref every value produced). It
   imports nothing; the runtime is reached through ctx_struct[2]. */
#include "disc/ral/host/kernel_graph_abi.h"

#include <stddef.h>

#define EXPORT __attribute__((visibility("default")))

static const uint8_t kNone[1] = {0};
static const uint8_t kChain[] = {DISC_KG_CHAIN};
static const uint8_t kI32[] = {DISC_KG_I32};
static const uint8_t kI32I32[] = {DISC_KG_I32, DISC_KG_I32};
static const uint8_t kI32Chain[] = {DISC_KG_I32, DISC_KG_CHAIN};
static const uint8_t kChainI32[] = {DISC_KG_CHAIN, DISC_KG_I32};
static const uint8_t kI1[] = {DISC_KG_I1};
static const uint8_t kI1I32I32[] = {DISC_KG_I1, DISC_KG_I32, DISC_KG_I32};
static const uint8_t kI32ChainI32[] = {DISC_KG_I32, DISC_KG_CHAIN, DISC_KG_I32};

static const int32_t kZero = 0, kOne = 1, kTwo = 2, kFortyTwo = 42,
                     kMillisecond = 1000;
static const uint8_t kTrue = 1;

#define ATTR_I32(value)                                                        \
  { "value", DISC_KG_ATTR_I32, 1, &(value) }
#define SITE(kernel, nargs, args, nres, res, nattrs, attrs, nfns, fns)         \
  {                                                                            \
    kernel, "fake_kg_model.c:" #kernel, nargs, nres, args, res, nattrs, nfns,  \
        attrs, fns, NULL                                                       \
  }

static const DiscKgApi *apiOf(void **ctx_struct) {
  return (const DiscKgApi *)ctx_struct[2];
}

static void invoke(void **ctx_struct, DiscKgSite *site, DiscKgValue **args,
                   DiscKgValue **results) {
  apiOf(ctx_struct)->invoke(ctx_struct[0], site, args, results);
}

/* tfrt.return: one new reference per result slot, then the function lets go
   of everything it produced. */
static void finish(void **ctx_struct, DiscKgValue **returned, int count,
                   DiscKgValue **results, DiscKgValue **produced,
                   int produced_count) {
  const DiscKgApi *api = apiOf(ctx_struct);
  for (int i = 0; i < count; ++i) {
    api->add_ref(returned[i]);
    results[i] = returned[i];
  }
  for (int i = 0; i < produced_count; ++i)
    api->drop_ref(produced[i]);
}

EXPORT int32_t disc_model_abi_version(void) { return 1; }

EXPORT const char *disc_model_metadata(void) {
  return "{\n"
         "  \"abi_version\": 1,\n"
         "  \"compiler_version\": \"fake kernel-graph model 1.0\",\n"
         "  \"target\": \"cpu\",\n"
         "  \"functions\": [],\n"
         "  \"kernel_graph_functions\": [\n"
         "    {\"name\": \"add_print\", \"entry\": "
         "\"disc_kg_entry_add_print\", \"inputs\": [], \"outputs\": [\"i32\", "
         "\"!tfrt.chain\"]},\n"
         "    {\"name\": \"add_one\", \"entry\": \"disc_kg_entry_add_one\", "
         "\"inputs\": [\"i32\"], \"outputs\": [\"i32\"]},\n"
         "    {\"name\": \"divide_by_zero\", \"entry\": "
         "\"disc_kg_entry_divide_by_zero\", \"inputs\": [], \"outputs\": "
         "[\"i32\", \"i32\"]},\n"
         "    {\"name\": \"call_and_select\", \"entry\": "
         "\"disc_kg_entry_call_and_select\", \"inputs\": [], \"outputs\": "
         "[\"i32\", \"i32\"]},\n"
         "    {\"name\": \"no_results\", \"entry\": "
         "\"disc_kg_entry_no_results\", \"inputs\": [], \"outputs\": []},\n"
         "    {\"name\": \"sleep_forever\", \"entry\": "
         "\"disc_kg_entry_sleep_forever\", \"inputs\": [\"i32\"], \"outputs\": "
         "[\"!tfrt.chain\", \"i32\"]},\n"
         "    {\"name\": \"partial_failure\", \"entry\": "
         "\"disc_kg_entry_partial_failure\", \"inputs\": [], \"outputs\": "
         "[\"i32\", \"!tfrt.chain\"]},\n"
         "    {\"name\": \"async_increments\", \"entry\": "
         "\"disc_kg_entry_async_increments\", \"inputs\": [], \"outputs\": "
         "[\"i32\"]},\n"
         "    {\"name\": \"count_down\", \"entry\": "
         "\"disc_kg_entry_count_down\", \"inputs\": [\"i32\"], "
         "\"outputs\": [\"i32\", \"i32\"]},\n"
         "    {\"name\": \"unknown_kernel\", \"entry\": "
         "\"disc_kg_entry_unknown_kernel\", \"inputs\": [\"!tfrt.string\"], "
         "\"outputs\": [\"!tfrt.string\", \"i32\"]}\n"
         "  ]\n"
         "}\n";
}

/* func @add_print() -> (i32, !tfrt.chain) {
     %one = tfrt.constant.i32 1
     %two = tfrt.constant.i32 2
     %three = tfrt.add.i32 %one, %two
     %ch0 = tfrt.new.chain
     %ch1 = tfrt.print.i32 %three, %ch0
     tfrt.return %three, %ch1 : i32, !tfrt.chain
   } */
static const DiscKgAttribute kOneAttr[] = {ATTR_I32(kOne)};
static const DiscKgAttribute kTwoAttr[] = {ATTR_I32(kTwo)};
static DiscKgSite add_print_one =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kOneAttr, 0, NULL);
static DiscKgSite add_print_two =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kTwoAttr, 0, NULL);
static DiscKgSite add_print_add =
    SITE("tfrt.add.i32", 2, kI32I32, 1, kI32, 0, NULL, 0, NULL);
static DiscKgSite add_print_chain =
    SITE("tfrt.new.chain", 0, kNone, 1, kChain, 0, NULL, 0, NULL);
static DiscKgSite add_print_print =
    SITE("tfrt.print.i32", 2, kI32Chain, 1, kChain, 0, NULL, 0, NULL);

EXPORT void disc_kg_entry_add_print(void **ctx_struct, DiscKgValue **args,
                                    DiscKgValue **results) {
  (void)args;
  DiscKgValue *v[5];
  invoke(ctx_struct, &add_print_one, NULL, &v[0]);
  invoke(ctx_struct, &add_print_two, NULL, &v[1]);
  invoke(ctx_struct, &add_print_add, &v[0], &v[2]);
  invoke(ctx_struct, &add_print_chain, NULL, &v[3]);
  DiscKgValue *print_args[] = {v[2], v[3]};
  invoke(ctx_struct, &add_print_print, print_args, &v[4]);
  DiscKgValue *returned[] = {v[2], v[4]};
  finish(ctx_struct, returned, 2, results, v, 5);
}

/* func @add_one(%x: i32) -> i32 {
     %c1 = tfrt.constant.i32 1
     %y = tfrt.add.i32 %x, %c1
     tfrt.return %y : i32
   } */
static DiscKgSite add_one_c1 =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kOneAttr, 0, NULL);
static DiscKgSite add_one_add =
    SITE("tfrt.add.i32", 2, kI32I32, 1, kI32, 0, NULL, 0, NULL);

EXPORT void disc_kg_entry_add_one(void **ctx_struct, DiscKgValue **args,
                                  DiscKgValue **results) {
  DiscKgValue *v[2];
  invoke(ctx_struct, &add_one_c1, NULL, &v[0]);
  DiscKgValue *add_args[] = {args[0], v[0]};
  invoke(ctx_struct, &add_one_add, add_args, &v[1]);
  finish(ctx_struct, &v[1], 1, results, v, 2);
}

static const DiscKgFunction add_one_function = {
    disc_kg_entry_add_one, "add_one", 1, 1, kI32, kI32};
static const DiscKgFunction *const add_one_callee[] = {&add_one_function};

/* func @divide_by_zero() -> (i32, i32) {
     %zero = tfrt.constant.i32 0
     %x = tfrt.constant.i32 42
     %quot, %rem = tfrt.div.i32 %x, %zero
     tfrt.return %quot, %x : i32, i32
   } */
static const DiscKgAttribute kZeroAttr[] = {ATTR_I32(kZero)};
static const DiscKgAttribute kFortyTwoAttr[] = {ATTR_I32(kFortyTwo)};
static DiscKgSite divide_zero =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kZeroAttr, 0, NULL);
static DiscKgSite divide_x =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kFortyTwoAttr, 0, NULL);
static DiscKgSite divide_div =
    SITE("tfrt.div.i32", 2, kI32I32, 2, kI32I32, 0, NULL, 0, NULL);

EXPORT void disc_kg_entry_divide_by_zero(void **ctx_struct, DiscKgValue **args,
                                         DiscKgValue **results) {
  (void)args;
  DiscKgValue *v[4];
  invoke(ctx_struct, &divide_zero, NULL, &v[0]);
  invoke(ctx_struct, &divide_x, NULL, &v[1]);
  DiscKgValue *div_args[] = {v[1], v[0]};
  invoke(ctx_struct, &divide_div, div_args, &v[2]);
  DiscKgValue *returned[] = {v[2], v[1]};
  finish(ctx_struct, returned, 2, results, v, 4);
}

/* The branches of the tfrt.if below: (%a, %b) -> %a and -> %b. */
static void select_first(void **ctx_struct, DiscKgValue **args,
                         DiscKgValue **results) {
  finish(ctx_struct, &args[0], 1, results, NULL, 0);
}
static void select_second(void **ctx_struct, DiscKgValue **args,
                          DiscKgValue **results) {
  finish(ctx_struct, &args[1], 1, results, NULL, 0);
}
static const DiscKgFunction then_function = {
    select_first, "call_and_select.region0", 2, 1, kI32I32, kI32};
static const DiscKgFunction else_function = {
    select_second, "call_and_select.region1", 2, 1, kI32I32, kI32};
static const DiscKgFunction *const if_branches[] = {&then_function,
                                                    &else_function};

/* func @call_and_select() -> (i32, i32) {
     %c1 = tfrt.constant.i32 1
     %x = tfrt.call @add_one(%c1) : (i32) -> i32
     %true = tfrt.constant.i1 1
     %y = tfrt.if %true, %c1, %x : (i32, i32) -> (i32) {...} else {...}
     tfrt.return %x, %y : i32, i32
   } */
static const DiscKgAttribute kTrueAttr[] = {
    {"value", DISC_KG_ATTR_BOOL, 1, &kTrue}};
static DiscKgSite call_c1 =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kOneAttr, 0, NULL);
static DiscKgSite call_call =
    SITE("tfrt.call", 1, kI32, 1, kI32, 0, NULL, 1, add_one_callee);
static DiscKgSite call_true =
    SITE("tfrt.constant.i1", 0, kNone, 1, kI1, 1, kTrueAttr, 0, NULL);
static DiscKgSite call_if =
    SITE("tfrt.if", 3, kI1I32I32, 1, kI32, 0, NULL, 2, if_branches);

EXPORT void disc_kg_entry_call_and_select(void **ctx_struct, DiscKgValue **args,
                                          DiscKgValue **results) {
  (void)args;
  DiscKgValue *v[4];
  invoke(ctx_struct, &call_c1, NULL, &v[0]);
  invoke(ctx_struct, &call_call, &v[0], &v[1]);
  invoke(ctx_struct, &call_true, NULL, &v[2]);
  DiscKgValue *if_args[] = {v[2], v[0], v[1]};
  invoke(ctx_struct, &call_if, if_args, &v[3]);
  DiscKgValue *returned[] = {v[1], v[3]};
  finish(ctx_struct, returned, 2, results, v, 4);
}

/* func @no_results() {
     %ch0 = tfrt.new.chain
     %ch1 = "tfrt_test.print_hello"(%ch0) : (!tfrt.chain) -> !tfrt.chain
     tfrt.return
   } */
static DiscKgSite hello_chain =
    SITE("tfrt.new.chain", 0, kNone, 1, kChain, 0, NULL, 0, NULL);
static DiscKgSite hello_print =
    SITE("tfrt_test.print_hello", 1, kChain, 1, kChain, 0, NULL, 0, NULL);

EXPORT void disc_kg_entry_no_results(void **ctx_struct, DiscKgValue **args,
                                     DiscKgValue **results) {
  (void)args;
  DiscKgValue *v[2];
  invoke(ctx_struct, &hello_chain, NULL, &v[0]);
  invoke(ctx_struct, &hello_print, &v[0], &v[1]);
  finish(ctx_struct, NULL, 0, results, v, 2);
}

/* The body of the loop below: each iteration sleeps a millisecond on the
   blocking pool, ordered by the chain.
     ^body(%ch, %n):
       %ms = tfrt.constant.i32 1000
       %slept = "tfrt_test.blocking.usleep"(%ms, %ch)
       tfrt.return %slept, %n */
static const DiscKgAttribute kMillisecondAttr[] = {ATTR_I32(kMillisecond)};
static DiscKgSite sleep_ms =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kMillisecondAttr, 0, NULL);
static DiscKgSite sleep_usleep = SITE("tfrt_test.blocking.usleep", 2, kI32Chain,
                                      1, kChain, 0, NULL, 0, NULL);

static void sleep_body(void **ctx_struct, DiscKgValue **args,
                       DiscKgValue **results) {
  DiscKgValue *v[2];
  invoke(ctx_struct, &sleep_ms, NULL, &v[0]);
  DiscKgValue *sleep_args[] = {v[0], args[0]};
  invoke(ctx_struct, &sleep_usleep, sleep_args, &v[1]);
  DiscKgValue *returned[] = {v[1], args[1]};
  finish(ctx_struct, returned, 2, results, v, 2);
}
static const DiscKgFunction sleep_body_function = {
    sleep_body, "sleep_forever.region0", 2, 2, kChainI32, kChainI32};
static const DiscKgFunction *const sleep_body_functions[] = {
    &sleep_body_function};

/* func @sleep_forever(%count: i32) -> (!tfrt.chain, i32) {
     %ch0 = tfrt.new.chain
     %n = tfrt.constant.i32 42
     %ch1, %m = tfrt.repeat.i32 %count, %ch0, %n : !tfrt.chain, i32 {...}
     tfrt.return %ch1, %m
   }: `count` milliseconds unless cancelled. */
static DiscKgSite sleep_chain =
    SITE("tfrt.new.chain", 0, kNone, 1, kChain, 0, NULL, 0, NULL);
static DiscKgSite sleep_n =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kFortyTwoAttr, 0, NULL);
static DiscKgSite sleep_repeat =
    SITE("tfrt.repeat.i32", 3, kI32ChainI32, 2, kChainI32, 0, NULL, 1,
         sleep_body_functions);

EXPORT void disc_kg_entry_sleep_forever(void **ctx_struct, DiscKgValue **args,
                                        DiscKgValue **results) {
  (void)args;
  DiscKgValue *v[4];
  invoke(ctx_struct, &sleep_chain, NULL, &v[0]);
  invoke(ctx_struct, &sleep_n, NULL, &v[1]);
  DiscKgValue *repeat_args[] = {args[0], v[0], v[1]};
  invoke(ctx_struct, &sleep_repeat, repeat_args, &v[2]);
  finish(ctx_struct, &v[2], 2, results, v, 4);
}

/* func @partial_failure() -> (i32, !tfrt.chain) {
     %x, %y = "tfrt_test.partial_fail"() : () -> (i32, i32)
     %ch0 = tfrt.new.chain
     %ch1 = tfrt.print.i32 %x, %ch0
     %ch2 = tfrt.print.i32 %y, %ch1
     tfrt.return %x, %ch2 : i32, !tfrt.chain
   }: prints "int32 = 1" only; the second print is skipped. */
static DiscKgSite partial_fail =
    SITE("tfrt_test.partial_fail", 0, kNone, 2, kI32I32, 0, NULL, 0, NULL);
static DiscKgSite partial_chain =
    SITE("tfrt.new.chain", 0, kNone, 1, kChain, 0, NULL, 0, NULL);
static DiscKgSite partial_print_x =
    SITE("tfrt.print.i32", 2, kI32Chain, 1, kChain, 0, NULL, 0, NULL);
static DiscKgSite partial_print_y =
    SITE("tfrt.print.i32", 2, kI32Chain, 1, kChain, 0, NULL, 0, NULL);

EXPORT void disc_kg_entry_partial_failure(void **ctx_struct, DiscKgValue **args,
                                          DiscKgValue **results) {
  (void)args;
  DiscKgValue *v[5];
  invoke(ctx_struct, &partial_fail, NULL, &v[0]);
  invoke(ctx_struct, &partial_chain, NULL, &v[2]);
  DiscKgValue *print_x[] = {v[0], v[2]};
  invoke(ctx_struct, &partial_print_x, print_x, &v[3]);
  DiscKgValue *print_y[] = {v[1], v[3]};
  invoke(ctx_struct, &partial_print_y, print_y, &v[4]);
  DiscKgValue *returned[] = {v[0], v[4]};
  finish(ctx_struct, returned, 2, results, v, 5);
}

/* func @async_increments() -> i32 {
     %count = tfrt.constant.i32 1024
     %counter = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
     %ch0 = tfrt.new.chain
     %res:2 = tfrt.repeat.i32 %count, %ch0, %counter
         : !tfrt.chain, !test.atomic.i32 {
       %ch = tfrt.new.chain
       %done = tfrt_test.do.async %counter, %ch
           : (!test.atomic.i32, !tfrt.chain) -> (!tfrt.chain) {
         %ch2 = "tfrt_test.atomic.inc.i32"(%counter, %ch)
         tfrt.return %ch2 : !tfrt.chain
       }
       %merged = tfrt.merge.chains %ch0, %done : !tfrt.chain, !tfrt.chain
       tfrt.return %merged, %counter : !tfrt.chain, !test.atomic.i32
     }
     %v, %ch1 = "tfrt_test.atomic.get.i32"(%counter, %res#0)
     tfrt.return %v : i32
   }: 1024 increments on the work queue joined by merge_chains. */
static const uint8_t kOpaqueChain[] = {DISC_KG_OPAQUE, DISC_KG_CHAIN};
static const uint8_t kChainOpaque[] = {DISC_KG_CHAIN, DISC_KG_OPAQUE};
static const uint8_t kI32ChainOpaque[] = {DISC_KG_I32, DISC_KG_CHAIN,
                                          DISC_KG_OPAQUE};
static const uint8_t kOpaque[] = {DISC_KG_OPAQUE};
static const uint8_t kChainChain[] = {DISC_KG_CHAIN, DISC_KG_CHAIN};
static const int32_t kIncrements = 1024;
static const DiscKgAttribute kIncrementsAttr[] = {ATTR_I32(kIncrements)};

static DiscKgSite inc_site = SITE("tfrt_test.atomic.inc.i32", 2, kOpaqueChain,
                                  1, kChain, 0, NULL, 0, NULL);
static void increment_region(void **ctx_struct, DiscKgValue **args,
                             DiscKgValue **results) {
  DiscKgValue *v[1];
  invoke(ctx_struct, &inc_site, args, &v[0]);
  finish(ctx_struct, v, 1, results, v, 1);
}
static const DiscKgFunction increment_function = {
    increment_region, "async_increments.region1", 2, 1, kOpaqueChain, kChain};
static const DiscKgFunction *const increment_functions[] = {
    &increment_function};

static DiscKgSite loop_chain =
    SITE("tfrt.new.chain", 0, kNone, 1, kChain, 0, NULL, 0, NULL);
static DiscKgSite loop_async = SITE("tfrt_test.do.async", 2, kOpaqueChain, 1,
                                    kChain, 0, NULL, 1, increment_functions);
static DiscKgSite loop_merge =
    SITE("tfrt.merge.chains", 2, kChainChain, 1, kChain, 0, NULL, 0, NULL);
static void increments_body(void **ctx_struct, DiscKgValue **args,
                            DiscKgValue **results) {
  DiscKgValue *v[3];
  invoke(ctx_struct, &loop_chain, NULL, &v[0]);
  DiscKgValue *async_args[] = {args[1], v[0]};
  invoke(ctx_struct, &loop_async, async_args, &v[1]);
  DiscKgValue *merge_args[] = {args[0], v[1]};
  invoke(ctx_struct, &loop_merge, merge_args, &v[2]);
  DiscKgValue *returned[] = {v[2], args[1]};
  finish(ctx_struct, returned, 2, results, v, 3);
}
static const DiscKgFunction increments_body_function = {
    increments_body, "async_increments.region0", 2, 2, kChainOpaque,
    kChainOpaque};
static const DiscKgFunction *const increments_body_functions[] = {
    &increments_body_function};

static DiscKgSite inc_count =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kIncrementsAttr, 0, NULL);
static DiscKgSite inc_create =
    SITE("tfrt_test.atomic.create.i32", 0, kNone, 1, kOpaque, 0, NULL, 0, NULL);
static DiscKgSite inc_chain =
    SITE("tfrt.new.chain", 0, kNone, 1, kChain, 0, NULL, 0, NULL);
static DiscKgSite inc_repeat =
    SITE("tfrt.repeat.i32", 3, kI32ChainOpaque, 2, kChainOpaque, 0, NULL, 1,
         increments_body_functions);
static DiscKgSite inc_get = SITE("tfrt_test.atomic.get.i32", 2, kOpaqueChain, 2,
                                 kI32Chain, 0, NULL, 0, NULL);

EXPORT void disc_kg_entry_async_increments(void **ctx_struct,
                                           DiscKgValue **args,
                                           DiscKgValue **results) {
  (void)args;
  DiscKgValue *v[7];
  invoke(ctx_struct, &inc_count, NULL, &v[0]);
  invoke(ctx_struct, &inc_create, NULL, &v[1]);
  invoke(ctx_struct, &inc_chain, NULL, &v[2]);
  DiscKgValue *repeat_args[] = {v[0], v[2], v[1]};
  invoke(ctx_struct, &inc_repeat, repeat_args, &v[3]);
  DiscKgValue *get_args[] = {v[1], v[3]};
  invoke(ctx_struct, &inc_get, get_args, &v[5]);
  finish(ctx_struct, &v[5], 1, results, v, 7);
}

/* func @count_down(%n: i32) -> (i32, i32) {
     %zero = tfrt.constant.i32 0
     %one = tfrt.constant.i32 1
     %more = "tfrt.lessequal.i32"(%one, %n) : (i32, i32) -> i1
     %steps, %last = tfrt.while %more @count_down_body(%zero, %n)
         parallel_iterations(1) : (i32, i32) -> (i32, i32)
     tfrt.return %steps, %last : i32, i32
   }
   func @count_down_body(%steps: i32, %n: i32) -> (i32, i32, i1) {
     %one = tfrt.constant.i32 1
     %next_steps = "tfrt_test.async_add.i32"(%steps, %one)
     %next_n = tfrt.minus.i32 %n, %one
     %more = "tfrt.lessequal.i32"(%one, %next_n)
     tfrt.return %next_steps, %next_n, %more : i32, i32, i1
   }
   count_down(n) returns (n, 0) for n >= 1 and (0, n) otherwise. */
static const uint8_t kI32I32I1[] = {DISC_KG_I32, DISC_KG_I32, DISC_KG_I1};
static DiscKgSite down_one =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kOneAttr, 0, NULL);
static DiscKgSite down_add =
    SITE("tfrt_test.async_add.i32", 2, kI32I32, 1, kI32, 0, NULL, 0, NULL);
static DiscKgSite down_minus =
    SITE("tfrt.minus.i32", 2, kI32I32, 1, kI32, 0, NULL, 0, NULL);
static DiscKgSite down_more =
    SITE("tfrt.lessequal.i32", 2, kI32I32, 1, kI1, 0, NULL, 0, NULL);
static void count_down_body(void **ctx_struct, DiscKgValue **args,
                            DiscKgValue **results) {
  DiscKgValue *v[4];
  invoke(ctx_struct, &down_one, NULL, &v[0]);
  DiscKgValue *add_args[] = {args[0], v[0]};
  invoke(ctx_struct, &down_add, add_args, &v[1]);
  DiscKgValue *minus_args[] = {args[1], v[0]};
  invoke(ctx_struct, &down_minus, minus_args, &v[2]);
  DiscKgValue *more_args[] = {v[0], v[2]};
  invoke(ctx_struct, &down_more, more_args, &v[3]);
  DiscKgValue *returned[] = {v[1], v[2], v[3]};
  finish(ctx_struct, returned, 3, results, v, 4);
}
static const DiscKgFunction count_down_body_function = {
    count_down_body, "count_down_body", 2, 3, kI32I32, kI32I32I1};
static const DiscKgFunction *const count_down_functions[] = {
    &count_down_body_function};

static DiscKgSite down_zero =
    SITE("tfrt.constant.i32", 0, kNone, 1, kI32, 1, kZeroAttr, 0, NULL);
static DiscKgSite down_first =
    SITE("tfrt.lessequal.i32", 2, kI32I32, 1, kI1, 0, NULL, 0, NULL);
static DiscKgSite down_while = SITE("tfrt.while", 3, kI1I32I32, 2, kI32I32, 0,
                                    NULL, 1, count_down_functions);

EXPORT void disc_kg_entry_count_down(void **ctx_struct, DiscKgValue **args,
                                     DiscKgValue **results) {
  DiscKgValue *v[5];
  invoke(ctx_struct, &down_zero, NULL, &v[0]);
  invoke(ctx_struct, &down_one, NULL, &v[1]);
  DiscKgValue *first_args[] = {v[1], args[0]};
  invoke(ctx_struct, &down_first, first_args, &v[2]);
  DiscKgValue *while_args[] = {v[2], v[0], args[0]};
  invoke(ctx_struct, &down_while, while_args, &v[3]);
  finish(ctx_struct, &v[3], 2, results, v, 5);
}

/* func @unknown_kernel(%s: !tfrt.string) -> (!tfrt.string, i32) {
     %x = "no_such.kernel"() : () -> i32
     tfrt.return %s, %x : !tfrt.string, i32
   } */
static DiscKgSite unknown_site =
    SITE("no_such.kernel", 0, kNone, 1, kI32, 0, NULL, 0, NULL);

EXPORT void disc_kg_entry_unknown_kernel(void **ctx_struct, DiscKgValue **args,
                                         DiscKgValue **results) {
  DiscKgValue *v[1];
  invoke(ctx_struct, &unknown_site, NULL, &v[0]);
  DiscKgValue *returned[] = {args[0], v[0]};
  finish(ctx_struct, returned, 2, results, v, 1);
}

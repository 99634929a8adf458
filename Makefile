# The two commands of README.md. Everything else is CMake (+ Ninja).
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)

.PHONY: run test build deps configure benchmark format clean fuzz fuzz-configure sanitize

run: build
	$(BUILD_DIR)/app/topoplan $(ARGS)

test: build
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} \
		ctest --output-on-failure -j $(JOBS) --timeout 600

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

configure: deps
	@if [ ! -f $(BUILD_DIR)/build.ninja ]; then \
		cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE); fi

deps:
	@packaging/install-deps.sh

benchmark: build
	cmake --build $(BUILD_DIR) --target benchmarks -j $(JOBS)
	@for b in $(BUILD_DIR)/tests/benchmarks/bench_*; do echo "== $$b"; QT_QPA_PLATFORM=offscreen $$b; done
	@echo "== bench_app_frame at device pixel ratio 2"
	@QT_QPA_PLATFORM=offscreen QT_SCALE_FACTOR=2 $(BUILD_DIR)/tests/benchmarks/bench_app_frame --benchmark_filter=HighDpi

# Each libFuzzer harness of tests/fuzz for FUZZ_SECONDS, seeded from tests/data and the
# regression corpus; a crash is written to $(FUZZ_DIR)/<harness>/ (add it to
# tests/fuzz/regressions/<harness>/ once fixed).
FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES = project catalog workload planspec import
# -O1 with line tables only: the usual sanitizer setting (stack traces keep file:line) and
# about half the compile time of -O2 -g, which matters for CI's 2 cores. Warnings are errors
# in the gcc build (`make test`); here they are shown, and what fails is a sanitizer's report.
FUZZ_OPT_FLAGS = -O1 -gline-tables-only -DNDEBUG
fuzz-configure: deps
	@if [ ! -f $(FUZZ_DIR)/build.ninja ]; then \
		cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
			"-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$(FUZZ_OPT_FLAGS)" \
			-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DTOPOPLAN_FUZZ=ON \
			-DTOPOPLAN_WERROR=OFF; fi

fuzz: fuzz-configure
	cmake --build $(FUZZ_DIR) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_HARNESSES))
	@for h in $(FUZZ_HARNESSES); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$h $(FUZZ_DIR)/crashes/$$h; \
		echo "== fuzz_$$h ($(FUZZ_SECONDS) s)"; \
		$(FUZZ_DIR)/tests/fuzz/fuzz_$$h -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
			-rss_limit_mb=2048 -timeout=10 -artifact_prefix=$(FUZZ_DIR)/crashes/$$h/ \
			$(FUZZ_DIR)/corpus/$$h tests/fuzz/regressions/$$h tests/data/projects || exit 1; \
	done

# The whole test suite once more, built by clang under AddressSanitizer and UBSan (the fuzz
# build directory: every object there is instrumented). Leaks are checked with the
# suppressions of tests/sanitizers/lsan.supp (Qt's and fontconfig's process-lifetime caches);
# any UBSan report fails the test that caused it.
SANITIZER_ENV = QTEST_FUNCTION_TIMEOUT=1800000 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$(CURDIR)/tests/sanitizers/ubsan.supp
sanitize: fuzz-configure
	cmake --build $(FUZZ_DIR) -j $(JOBS)
	cd $(FUZZ_DIR) && $(SANITIZER_ENV) QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} \
		ctest --output-on-failure -j $(JOBS) --timeout 900 -E '^(format|layers)$$'

# C++ only: clang-format takes any other file for C++ too, and would break Markdown.
format:
	find app cli engine tests -type f \( -name '*.cpp' -o -name '*.h' \) -print | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR)

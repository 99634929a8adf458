# The two commands of README.md. Everything else is CMake (+ Ninja).
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)

.PHONY: run test build deps configure benchmark format clean

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

format:
	find app cli engine tests -name '*.cpp' -o -name '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR)

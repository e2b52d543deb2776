bench:
	scripts/bench

test:
	scripts/test

demo:
	scripts/demo

.PHONY: bench test demo

# make fuzz [MINUTES=N] [TARGETS="console jsonl"]; MINUTES=0 is the build-only check.
fuzz:
	scripts/fuzz $(MINUTES) $(TARGETS)

.PHONY: fuzz

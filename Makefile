bench:
	scripts/bench

test:
	scripts/test

demo:
	scripts/demo

.PHONY: bench test demo

fuzz:
	scripts/fuzz $(MINUTES)

.PHONY: fuzz

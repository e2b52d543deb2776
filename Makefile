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

# make install [PREFIX=/usr/local]: the binary, man page and completions; make uninstall removes them.
PREFIX ?= /usr/local

install:
	scripts/install $(PREFIX)

uninstall:
	scripts/install --uninstall $(PREFIX)

# A static tarball with a SHA-256 file, in .build/dist.
release:
	scripts/release

.PHONY: install uninstall release

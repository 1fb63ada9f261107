# toolcanon — the two commands a fresh machine needs: `make generate` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
NODE_DIR := tests/ts_harness
INSTALLED := $(VENV)/.installed
TEST_INSTALLED := $(VENV)/.test-installed
NODE_INSTALLED := $(NODE_DIR)/node_modules/.installed
GENERATE_FLAGS ?=
MCP_SERVERS_DIR := tests/mcp_servers
MCP_SERVERS_INSTALLED := $(MCP_SERVERS_DIR)/node_modules/.installed

.PHONY: install generate check validate test lint typecheck docs release-rev bench bench-quick bench-typescript \
	bench-zod bench-tools-for bench-tool-request bench-page browser vendor-zod clean

$(INSTALLED): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_INSTALLED): $(INSTALLED) pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

$(NODE_INSTALLED): $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json
	cd $(NODE_DIR) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Reference MCP servers from npm for the import round-trip tests (the Python ones are in [test]),
# and the MCP Inspector, whose CLI lists and calls tools on the generated servers.
$(MCP_SERVERS_INSTALLED): $(MCP_SERVERS_DIR)/package.json $(MCP_SERVERS_DIR)/package-lock.json
	cd $(MCP_SERVERS_DIR) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

install: $(INSTALLED)

# The try-it page tests drive Debian's Chromium (never a browser download). On a fresh
# machine, as root, it is installed here; elsewhere those tests skip and say why.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
		&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
		|| echo "make: Chromium is not installed: the try-it page tests will skip"

# '@': on current output, `make generate` prints toolcanon's one line and nothing else.
generate: $(INSTALLED)
	@$(BIN)/toolcanon generate $(GENERATE_FLAGS)

check: $(INSTALLED)
	@$(BIN)/toolcanon check

validate: $(INSTALLED)
	$(BIN)/toolcanon validate

lint: $(TEST_INSTALLED)
	$(BIN)/ruff check generator tests $(wildcard bench)
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

test: $(TEST_INSTALLED) $(NODE_INSTALLED) $(MCP_SERVERS_INSTALLED) browser
	$(BIN)/toolcanon check
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory docs
	$(BIN)/python -m pytest -q

# The manual (docs/, mkdocs.yml) built with --strict into a scratch folder: a broken
# link or a page left out of the nav fails it. `mkdocs serve` shows it while you write.
docs: $(TEST_INSTALLED)
	@site=$$(mktemp -d) && NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet \
		--site-dir "$$site"; status=$$?; rm -rf "$$site"; exit $$status

# A release: after committing it, write its sha where the manual pins toolcanon (the
# install lines and the pre-commit rev) and commit that. No tag is needed or made.
release-rev:
	@rev=$$(git rev-parse HEAD) && sed -i -E \
		"s/(toolcanon@|rev: )([0-9a-f]{40}|RELEASE_REV)/\1$$rev/g" README.md docs/*.md && \
		echo "the manual now pins $$rev: commit README.md and docs/"

bench: $(TEST_INSTALLED) $(NODE_INSTALLED)
	cd bench/node && npm ci --no-audit --no-fund --loglevel=error
	$(BIN)/python bench/run.py $(BENCH_ARGS)

# The target table only (216, 1,000 and 5,000 tools, both peers): under 5 minutes on 2 cores.
bench-quick: $(TEST_INSTALLED) $(NODE_INSTALLED)
	cd bench/node && npm ci --no-audit --no-fund --loglevel=error
	$(BIN)/python bench/run.py --quick $(BENCH_ARGS)

bench-typescript: $(TEST_INSTALLED) $(NODE_INSTALLED)
	cd bench/node && npm ci --no-audit --no-fund --loglevel=error
	$(BIN)/python -m bench.typescript_emit

bench-tools-for: $(TEST_INSTALLED) $(NODE_INSTALLED)
	$(BIN)/python bench/tools_for.py

bench-tool-request: $(TEST_INSTALLED) $(NODE_INSTALLED)
	$(BIN)/python bench/tool_request.py

bench-zod: $(TEST_INSTALLED) $(NODE_INSTALLED)
	cd bench/node && npm ci --no-audit --no-fund --loglevel=error
	$(BIN)/python -m bench.zod_emit --agreement

bench-page: $(TEST_INSTALLED) browser
	$(BIN)/python -m bench.page

# Rebuilds the Zod bundle the try-it page embeds (templates/page/vendor/recipe/README.md),
# in a scratch folder so no node_modules lands in templates/; commit the result.
vendor-zod:
	scratch=$$(mktemp -d) && cp templates/page/vendor/recipe/* "$$scratch" && \
	(cd "$$scratch" && npm ci --no-audit --no-fund --loglevel=error && \
	 node build.mjs "$(CURDIR)/templates/page/vendor"); status=$$?; rm -rf "$$scratch"; exit $$status

clean:
	rm -rf $(VENV) $(NODE_DIR)/node_modules $(MCP_SERVERS_DIR)/node_modules bench/node/node_modules \
		.pytest_cache .mypy_cache .ruff_cache

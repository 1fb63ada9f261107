"""What each tool and each listing costs in a model's context, counted offline.

    report = measure(toolset, options)          # every tool and listing, every target
    findings = evaluate(toolset, report, budgets, options)
    diagnostics = budget_diagnostics(findings)  # warnings at each tool's contract line

Counts for OpenAI are exact (o200k_base, the encoding OpenAI publishes); Claude and
Gemini publish no offline tokenizer, so their counts are estimates and say so in every
value returned. The providers' documented numbers live in one dated table, providers.py.
"""

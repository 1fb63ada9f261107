"""``toolcanon diff``: compare two versions of the contracts and classify every change.

sources → compare (tool fields, schemas) → findings (rules, suppressions) → report.
Kept free of imports: ``generator.project.config`` reads the suppression format from here.
"""

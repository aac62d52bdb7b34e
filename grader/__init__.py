"""labgrader: grade hands-on labs from what learners really typed and saw."""

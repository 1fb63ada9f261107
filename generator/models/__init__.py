"""The model stage: Pydantic input models built before emit (see ``build``)."""

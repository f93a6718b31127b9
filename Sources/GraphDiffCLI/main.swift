print("graphdiff")

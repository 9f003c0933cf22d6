print("tactile: not yet wired")

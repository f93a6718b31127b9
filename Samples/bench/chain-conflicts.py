#!/usr/bin/env python3
"""Mine and theirs of a generated graph, for timing `graphdiff resolve`.

    chain-conflicts.py BASE.graph.json OUTDIR PEOPLE MOVES

BASE is a file of `GraphDiffBenchmarks generate N DIR` (its schema beside
it). Both sides set the age of the same PEOPLE people to different values
(property conflicts), each moves MOVES items within their lists, and both
move MOVES same items to different places (order conflicts in chains: their
blocks load only together). Writes base, mine and theirs .graph.json to
OUTDIR (run `graphdiff fmt` on them for canonical text). Seeded: the same
inputs give the same files.
"""
import json
import random
import sys


def chains(graph):
    items = graph["objects"]["Item"]
    heads = {}
    for key, item in items.items():
        if item.get("prev") is None:
            heads.setdefault(item["list"], key)
    orders = {}
    for owner, head in heads.items():
        order, current = [], head
        while current is not None:
            order.append(current)
            current = items[current].get("next")
        orders[owner] = order
    return orders


def relink(graph, orders):
    items = graph["objects"]["Item"]
    for order in orders.values():
        for i, key in enumerate(order):
            items[key]["prev"] = order[i - 1] if i > 0 else None
            items[key]["next"] = order[i + 1] if i + 1 < len(order) else None


def main():
    source, out, people_count, moves = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(source, encoding="utf-8") as f:
        base = json.load(f)
    rnd = random.Random(7)
    mine, theirs = json.loads(json.dumps(base)), json.loads(json.dumps(base))
    for person in rnd.sample(sorted(base["objects"]["Person"]), people_count):
        mine["objects"]["Person"][person]["age"] = 1000 + rnd.randrange(100)
        theirs["objects"]["Person"][person]["age"] = 2000 + rnd.randrange(100)
    mine_orders, theirs_orders = chains(mine), chains(theirs)
    for orders in (mine_orders, theirs_orders):
        for _ in range(moves):
            order = orders[rnd.choice(sorted(orders))]
            order.insert(rnd.randrange(len(order)), order.pop(rnd.randrange(len(order))))
    for _ in range(moves):
        owner = rnd.choice(sorted(mine_orders))
        member = rnd.choice(mine_orders[owner])
        for orders in (mine_orders, theirs_orders):
            order = orders[owner]
            if member in order:
                order.remove(member)
                order.insert(rnd.randrange(len(order) + 1), member)
    relink(mine, mine_orders)
    relink(theirs, theirs_orders)
    for name, graph in (("base", base), ("mine", mine), ("theirs", theirs)):
        with open(f"{out}/{name}.graph.json", "w", encoding="utf-8") as f:
            json.dump(graph, f, indent=2, sort_keys=True, ensure_ascii=False)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generates examples/data/village.edges and examples/data/attributes/village.csv: a
made-up village of 60 people (no real person) in households and work places,
as a directed two-layer network with node attributes.

  family: parent -> child arcs, and spouses tied both ways;
  work:   colleagues tied both ways, and a boss -> employee arc.

Run from the repository root: python3 examples/tools/village.py
The output is deterministic (seeded).
"""
import random

rng = random.Random(2026)
people = []  # (id, age group, sex, municipality)
family, work = [], []
pid = 0
adults = []
for h in range(16):
    town = rng.choice(["north", "south"])
    size = rng.choice([1, 2, 2, 3, 4, 4, 5])
    members = []
    for i in range(size):
        pid += 1
        if i < 2 and size > 1 or size == 1:
            age = rng.choice(["25-44", "45-64", "65+"])
        else:
            age = "0-24"
        sex = "f" if (i == 0) == (h % 2 == 0) else "m"
        people.append((f"p{pid:02d}", age, sex, town))
        members.append((f"p{pid:02d}", age))
    parents = [m for m in members[:2] if m[1] != "0-24"]
    if len(parents) == 2:
        family.append((parents[0][0], parents[1][0]))
        family.append((parents[1][0], parents[0][0]))
    for child in members:
        if child[1] == "0-24":
            for p in parents:
                family.append((p[0], child[0]))
    adults += [m[0] for m in members if m[1] in ("25-44", "45-64")]
rng.shuffle(adults)
places = [adults[i::4] for i in range(4)]
for staff in places:
    boss = staff[0]
    for i, a in enumerate(staff):
        for b in staff[i + 1:]:
            if rng.random() < 0.6:
                work.append((a, b))
                work.append((b, a))
        if a != boss:
            work.append((boss, a))
with open("examples/data/village.edges", "w") as f:
    f.write("# A made-up village (examples/tools/village.py): read with --directed --layer-column layer\n")
    f.write("source target layer\n")
    seen = set()
    for layer, arcs in (("family", family), ("work", work)):
        for a, b in arcs:
            if (a, b, layer) not in seen:
                seen.add((a, b, layer))
                f.write(f"{a} {b} {layer}\n")
with open("examples/data/attributes/village.csv", "w") as f:
    f.write("id,age,sex,municipality\n")
    for p in people:
        f.write(",".join(p) + "\n")
print(len(people), "people,", len(seen), "ties")

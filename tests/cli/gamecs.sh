# shellcheck shell=bash disable=SC2154  # sourced by run.sh, which sets exe, out, err, pass, fail
# CLI checks for gamecs (sourced by run.sh).
expect 1 "2\n2\n0 1 1\n3\n0 1 1\n1 0 2\n" \
    "cgsolve gamecs: <stdin>:6:1: edge 1-0 closes a cycle (or repeats an edge): 1 and 0 are already connected, so the edges are not a tree" \
    -- gamecs
expect_out "Case 1: Emily"
expect 1 "1\n4\n0 1 1\n1 2 1\n2 0 1\n" \
    "cgsolve gamecs: <stdin>:5:1: edge 2-0 closes a cycle (or repeats an edge): 2 and 0 are already connected, so the edges are not a tree" \
    -- gamecs
expect 1 "1\n3\n0 1 1\n1 3 1\n" \
    "cgsolve gamecs: <stdin>:4:3: a node index (edge end): '3' is out of range (expected 0..2)" \
    -- gamecs
expect 1 "1\n3\n0 1 1\n2 2 1\n" "cgsolve gamecs: <stdin>:4:1: edge 2-2 is a self-loop" -- gamecs
expect 1 "1\n2\n0 1 0\n" \
    "cgsolve gamecs: <stdin>:3:5: an edge weight: '0' is out of range (expected 1..9223372036854775807)" \
    -- gamecs
expect 1 "1\n2\n0 1 9223372036854775808\n" \
    "cgsolve gamecs: <stdin>:3:5: an edge weight: '9223372036854775808' is out of range (expected 1..9223372036854775807)" \
    -- gamecs
expect 1 "1\n3\n0 1 1\n" \
    "cgsolve gamecs: <stdin>:4:1: expected a node index (edge start), found end of input" -- gamecs
expect 1 "1\n1\n" \
    "cgsolve gamecs: <stdin>:2:1: the number of nodes: '1' is out of range (expected 2..4294967294)" \
    -- gamecs
expect 1 "1\n2\n0 x 1\n" \
    "cgsolve gamecs: <stdin>:3:3: expected a node index (edge end), found 'x'" -- gamecs
expect 0 "1\n3\n0 1 1\n1 2 1\n" "" -- gamecs --json
expect_out_has '"winning_moves":[{"edge":[0,1],"weight_after":"0"}]'
expect 3 "1\n100000\n" \
    "cgsolve gamecs: <stdin>:2: case 1: the edge list needs 3200000 bytes more, beyond the memory limit of 1024 bytes (0 in use) (raise it with --memory)" \
    -- gamecs --memory 1K

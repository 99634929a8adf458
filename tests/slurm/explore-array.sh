#!/bin/bash
# docs/slurm/explore-array.sh run as Slurm runs a job array of 4 tasks (the SLURM_* variables
# each task gets), with an sbatch that records the merge job the first task submits; then the
# merge job's command: its explore.json must be the single run's, byte for byte.
#   explore-array.sh TOPOPLAN_CLI SOURCE_DIR
set -euo pipefail
cli=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
cat > "$tmp/bin/sbatch" <<'STUB'
#!/bin/bash
for a in "$@"; do
    case $a in
    --wrap=*) printf '%s\n' "${a#--wrap=}" >> "$SBATCH_WRAPS" ;;
    --dependency=afterok:77) echo after-array >> "$SBATCH_DEPENDENCIES" ;;
    esac
done
echo 78
STUB
chmod +x "$tmp/bin/sbatch"

"$cli" generate --node dgx-h100 --nodes 32 --fabric fat-tree --workload-preset llama3-8b \
    -o "$tmp/a.topoplan"
opts=(--domains dgx-h100,gb200-nvl72,dgx-b200 --oversubscription 1,2)
for task in 1 2 3 4; do
    PATH="$tmp/bin:$PATH" SBATCH_WRAPS="$tmp/wraps" SBATCH_DEPENDENCIES="$tmp/dependencies" \
        SLURM_ARRAY_JOB_ID=77 SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=1 \
        SLURM_ARRAY_TASK_COUNT=4 SLURM_SUBMIT_DIR="$tmp" TOPOPLAN_CLI="$cli" \
        bash "$src/docs/slurm/explore-array.sh" "$tmp/a.topoplan" "${opts[@]}"
done
test "$(wc -l < "$tmp/wraps")" -eq 1 || { echo "expected one merge job"; exit 1; }
test "$(cat "$tmp/dependencies")" = after-array || { echo "merge not after the array"; exit 1; }
ls "$tmp/explore-77"/shard-{1,2,3,4}.json > /dev/null
bash -c "$(cat "$tmp/wraps")"
"$cli" explore "$tmp/a.topoplan" "${opts[@]}" --json > "$tmp/single.json"
cmp "$tmp/single.json" "$tmp/explore-77/explore.json"
grep -q '^Best: ' "$tmp/explore-77/explore.txt"
echo "4 shards merged into the single run's result"

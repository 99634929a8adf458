#!/bin/bash
# A design exploration as a Slurm job array: each array task explores one shard of the
# designs (topoplan-cli explore ... --shard I/N --json), and the first task submits a merge
# job that runs when every shard has finished and writes the single run's table, Pareto front
# and verdicts. See explore-array.md beside this file.
#
#   sbatch docs/slurm/explore-array.sh DESIGN.topoplan [explore options...]
#   sbatch --array=1-32 docs/slurm/explore-array.sh DESIGN.topoplan --gpus 16384 \
#       --domains dgx-h100,gb200-nvl72,gb200-nvl72:64 --oversubscription 1,1.5,2,3,4 \
#       --max-variants 5000
#
# Results go to explore-<array job id>/ in the submission directory (or $TOPOPLAN_EXPLORE_DIR):
# shard-I.json per task, explore.json and explore.txt from the merge.
#
#SBATCH --job-name=topoplan-explore
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=8G
#SBATCH --time=02:00:00
#SBATCH --output=topoplan-explore-%A_%a.out

set -euo pipefail

cli=${TOPOPLAN_CLI:-topoplan-cli}

if [[ $# -lt 1 ]]; then
    echo "usage: sbatch $0 DESIGN.topoplan [topoplan-cli explore options]" >&2
    exit 2
fi
if [[ -z ${SLURM_ARRAY_TASK_ID:-} || -z ${SLURM_ARRAY_JOB_ID:-} ]]; then
    echo "$0: submit this script with sbatch (it runs as a job array)" >&2
    exit 2
fi

design=$1
shift
first=${SLURM_ARRAY_TASK_MIN:-1}
count=${SLURM_ARRAY_TASK_COUNT:-1}
shard=$((SLURM_ARRAY_TASK_ID - first + 1))
out=${TOPOPLAN_EXPLORE_DIR:-${SLURM_SUBMIT_DIR:-.}/explore-${SLURM_ARRAY_JOB_ID}}
mkdir -p "$out"

# The first task submits the merge, to start once every task of the array has succeeded (and
# to be cancelled if one fails).
if [[ $SLURM_ARRAY_TASK_ID == "$first" ]]; then
    q_cli=$(printf '%q' "$cli")
    q_out=$(printf '%q' "$out")
    merge=$(sbatch --parsable --job-name=topoplan-explore-merge --dependency="afterok:${SLURM_ARRAY_JOB_ID}" \
        --kill-on-invalid-dep=yes --output="$out/merge.out" --time=00:30:00 --mem=4G \
        --wrap="$q_cli explore --merge $q_out/shard-*.json --json > $q_out/explore.json && \
$q_cli explore --merge $q_out/shard-*.json > $q_out/explore.txt")
    echo "merge job ${merge%%;*} runs when the array has finished: $out/explore.txt" >&2
fi

# Written whole or not at all: the merge never reads half a shard.
"$cli" explore "$design" "$@" --shard "$shard/$count" --json > "$out/shard-$shard.json.part"
mv "$out/shard-$shard.json.part" "$out/shard-$shard.json"

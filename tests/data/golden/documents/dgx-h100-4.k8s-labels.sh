#!/bin/sh
# Kubernetes node labels in NVIDIA topograph's vocabulary
# Design: four DGX H100
# Written by TopoPlan from the design; host names from the node names.
# accelerator.topograph.run/domain: the NVLink domain of hosts that share one. fabric.topograph.run/tier-N:
# the host's switch at fabric tier N, tier 0 next to the host. Run with: sh FILE (kubectl label
# changes registered nodes only; --overwrite replaces the labels' old values).
set -e
kubectl label node --overwrite dgx-001 fabric.topograph.run/tier-0=leaf-su1 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite dgx-002 fabric.topograph.run/tier-0=leaf-su1 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite dgx-003 fabric.topograph.run/tier-0=leaf-su1 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite dgx-004 fabric.topograph.run/tier-0=leaf-su1 fabric.topograph.run/tier-1=spine

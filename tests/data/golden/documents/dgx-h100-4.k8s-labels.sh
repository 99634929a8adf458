# Kubernetes node labels in NVIDIA topograph's vocabulary
# Design: four DGX H100
# Written by TopoPlan from the design; host names from the node names.
# accelerator.topograph.run/domain: the NVLink domain of hosts that share one. fabric.topograph.run/tier-N:
# the host's switch at fabric tier N, tier 0 next to the host. Apply with: kubectl apply --server-side -f FILE
---
apiVersion: v1
kind: Node
metadata:
  name: "dgx-001"
  labels:
    fabric.topograph.run/tier-0: "leaf-su1"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "dgx-002"
  labels:
    fabric.topograph.run/tier-0: "leaf-su1"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "dgx-003"
  labels:
    fabric.topograph.run/tier-0: "leaf-su1"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "dgx-004"
  labels:
    fabric.topograph.run/tier-0: "leaf-su1"
    fabric.topograph.run/tier-1: "spine"

#!/bin/sh
# Kubernetes node labels in NVIDIA topograph's vocabulary
# Design: two NVL72 domains
# Written by TopoPlan from the design; host names from the naming pattern nvl[001-036].
# accelerator.topograph.run/domain: the NVLink domain of hosts that share one. fabric.topograph.run/tier-N:
# the host's switch at fabric tier N, tier 0 next to the host. Run with: sh FILE (kubectl label
# changes registered nodes only; --overwrite replaces the labels' old values).
set -e
kubectl label node --overwrite nvl001 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl002 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl003 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl004 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl005 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl006 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl007 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl008 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-001 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl009 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl010 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl011 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl012 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl013 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl014 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl015 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl016 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-002 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl017 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl018 accelerator.topograph.run/domain=nvl72-1 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl019 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl020 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl021 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl022 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl023 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl024 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-003 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl025 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl026 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl027 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl028 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl029 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl030 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl031 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl032 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-004 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl033 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-005 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl034 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-005 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl035 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-005 fabric.topograph.run/tier-1=spine
kubectl label node --overwrite nvl036 accelerator.topograph.run/domain=nvl72-2 fabric.topograph.run/tier-0=leaf-005 fabric.topograph.run/tier-1=spine

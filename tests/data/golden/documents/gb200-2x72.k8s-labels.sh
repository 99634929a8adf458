# Kubernetes node labels in NVIDIA topograph's vocabulary
# Design: two NVL72 domains
# Written by TopoPlan from the design; host names from the naming pattern nvl[001-036].
# accelerator.topograph.run/domain: the NVLink domain of hosts that share one. fabric.topograph.run/tier-N:
# the host's switch at fabric tier N, tier 0 next to the host. Apply with: kubectl apply --server-side -f FILE
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl001"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl002"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl003"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl004"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl005"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl006"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl007"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl008"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-001"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl009"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl010"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl011"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl012"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl013"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl014"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl015"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl016"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-002"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl017"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl018"
  labels:
    accelerator.topograph.run/domain: "nvl72-1"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl019"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl020"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl021"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl022"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl023"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl024"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-003"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl025"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl026"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl027"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl028"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl029"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl030"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl031"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl032"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-004"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl033"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-005"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl034"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-005"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl035"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-005"
    fabric.topograph.run/tier-1: "spine"
---
apiVersion: v1
kind: Node
metadata:
  name: "nvl036"
  labels:
    accelerator.topograph.run/domain: "nvl72-2"
    fabric.topograph.run/tier-0: "leaf-005"
    fabric.topograph.run/tier-1: "spine"

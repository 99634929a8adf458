<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AnalysisOverlay</name>
    <message>
        <source>%1 %2 x %3 · %4 · %5</source>
        <translation>%1 %2 x %3 · %4 · %5</translation>
    </message>
    <message>
        <source> · leaves its NVLink domain</source>
        <translation> · verlässt seine NVLink-Domäne</translation>
    </message>
    <message numerus="yes">
        <source>%1 group across %n NVLink domains</source>
        <translation>
            <numerusform>%1-Gruppe in %n NVLink-Domäne</numerusform>
            <numerusform>%1-Gruppe über %n NVLink-Domänen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 group</source>
        <translation>%1-Gruppe</translation>
    </message>
    <message>
        <source>%1 bottleneck · %2</source>
        <translation>%1-Engpass · %2</translation>
    </message>
</context>
<context>
    <name>ConnectTool</name>
    <message>
        <source>Not connected: %1.</source>
        <translation>Nicht verbunden: %1.</translation>
    </message>
    <message>
        <source>Not possible: %1.</source>
        <translation>Nicht möglich: %1.</translation>
    </message>
    <message>
        <source>Release to connect: 1 cable. %1.</source>
        <translation>Loslassen zum Verbinden: 1 Kabel. %1.</translation>
    </message>
    <message numerus="yes">
        <source>Release to connect: %n cables. %1.</source>
        <translation>
            <numerusform>Loslassen zum Verbinden: %n Kabel. %1.</numerusform>
            <numerusform>Loslassen zum Verbinden: %n Kabel. %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>The plan cannot run: %1</source>
        <translation>Der Plan kann nicht laufen: %1</translation>
    </message>
    <message>
        <source>The plan cannot run: %1: %2</source>
        <translation>Der Plan kann nicht laufen: %1: %2</translation>
    </message>
    <message>
        <source>its</source>
        <translation>ihrer</translation>
    </message>
    <message>
        <source>their</source>
        <translation>ihrer</translation>
    </message>
    <message>
        <source>this node&apos;s</source>
        <translation>die NICs dieses Knotens</translation>
    </message>
    <message>
        <source>these nodes&apos;</source>
        <translation>die NICs dieser Knoten</translation>
    </message>
    <message>
        <source>%1 = %2 spans %3 NVLink domains (%4)%5</source>
        <translation>%1 = %2 erstreckt sich über %3 NVLink-Domänen (%4)%5</translation>
    </message>
    <message>
        <source> in %1</source>
        <translation> (betrifft %1)</translation>
    </message>
    <message>
        <source> instead of %1 at %2 inside a domain</source>
        <translation> statt über %1 mit %2 innerhalb einer Domäne</translation>
    </message>
    <message>
        <source> (these GPUs have no NVLink)</source>
        <translation> (diese GPUs haben kein NVLink)</translation>
    </message>
    <message>
        <source>its all-gathers and reduce-scatters, on the critical path of every layer,</source>
        <translation>seine All-Gathers und Reduce-Scatters, auf dem kritischen Pfad jeder Schicht,</translation>
    </message>
    <message>
        <source>its all-reduces, on the critical path of every layer,</source>
        <translation>seine All-Reduces, auf dem kritischen Pfad jeder Schicht,</translation>
    </message>
    <message>
        <source>its all-to-alls, dispatch and combine in every MoE layer,</source>
        <translation>seine All-to-Alls, Dispatch und Combine in jeder MoE-Schicht,</translation>
    </message>
    <message>
        <source>, limited by %1</source>
        <translation>, begrenzt durch %1</translation>
    </message>
    <message>
        <source>Keep %1 &lt;= %2, the domain size, and use PP and DP across domains.</source>
        <translation>Halten Sie %1 &lt;= %2, der Domänengröße, und nutzen Sie PP und DP über Domänen hinweg.</translation>
    </message>
    <message>
        <source>Keep %1 &lt;= %2, the domain size (where the expert count allows), and use DP across domains, or send each token once per node and spread it over NVLink there (training.moe_dispatcher &quot;deepep&quot;) instead of once per expert.</source>
        <translation>Halten Sie %1 &lt;= %2, der Domänengröße (soweit die Zahl der Experten es erlaubt), und nutzen Sie DP über Domänen hinweg, oder senden Sie jedes Token einmal pro Knoten und verteilen Sie es dort über NVLink (training.moe_dispatcher &quot;deepep&quot;) statt einmal pro Experte.</translation>
    </message>
    <message>
        <source>Keep %1 &lt;= %2, the domain size (where the expert count allows), and use DP across domains.</source>
        <translation>Halten Sie %1 &lt;= %2, der Domänengröße (soweit die Zahl der Experten es erlaubt), und nutzen Sie DP über Domänen hinweg.</translation>
    </message>
    <message>
        <source> through %1</source>
        <translation> über %1</translation>
    </message>
    <message>
        <source> through %1 (%2)</source>
        <translation> über %1 (%2)</translation>
    </message>
    <message>
        <source>: %1 and %2 per step, and %3 communication takes %4 of the step.</source>
        <translation>: %1 und %2 pro Schritt, und die %3-Kommunikation beansprucht %4 des Schritts.</translation>
    </message>
    <message>
        <source>Pipeline sends and receives run over plain Ethernet (TCP, no RDMA)%1%2 PP tolerates a slower network than TP, but the kernel&apos;s TCP path adds latency to every transfer and stalls the stages: cable these nodes to an InfiniBand or RoCE fabric.</source>
        <translation>Die Sende- und Empfangsvorgänge der Pipeline laufen über einfaches Ethernet (TCP, kein RDMA)%1%2 PP verträgt ein langsameres Netz als TP, aber der TCP-Pfad des Kernels fügt jeder Übertragung Latenz hinzu und lässt die Stufen warten: Verkabeln Sie diese Knoten mit einer InfiniBand- oder RoCE-Fabric.</translation>
    </message>
    <message>
        <source>TP collectives, on the critical path of every layer, run</source>
        <translation>TP-Kollektive, auf dem kritischen Pfad jeder Schicht, laufen</translation>
    </message>
    <message>
        <source>Expert all-to-alls run</source>
        <translation>Die All-to-Alls der Experten laufen</translation>
    </message>
    <message>
        <source>The context-parallel K/V ring runs</source>
        <translation>Der kontextparallele K/V-Ring läuft</translation>
    </message>
    <message>
        <source>%1 over plain Ethernet (TCP, no RDMA)%2%3 This collapses throughput: keep %4 inside an NVLink domain, or cable these nodes to an InfiniBand or RoCE fabric.</source>
        <translation>%1 über einfaches Ethernet (TCP, kein RDMA)%2%3 Das bricht den Durchsatz ein: Halten Sie %4 innerhalb einer NVLink-Domäne, oder verkabeln Sie diese Knoten mit einer InfiniBand- oder RoCE-Fabric.</translation>
    </message>
    <message>
        <source>the DP gradient reduction</source>
        <translation>die DP-Gradientenreduktion</translation>
    </message>
    <message>
        <source>the expert gradient (EDP)</source>
        <translation>die Reduktion der Experten-Gradienten (EDP)</translation>
    </message>
    <message>
        <source>DP traffic climbs through oversubscribed %1 switches (%2: up to %3 downlink to uplink bandwidth)</source>
        <translation>DP-Verkehr steigt durch überbuchte Switches der Ebene %1 auf (%2: bis zu %3 Downlink- zu Uplink-Bandbreite)</translation>
    </message>
    <message>
        <source>%1, but at this plan it costs %2 nothing: the groups&apos; own links limit them first, at %3.</source>
        <translation>%1, aber bei diesem Plan kostet das %2 nichts: Die eigenen Verbindungen der Gruppen begrenzen sie zuerst, auf %3.</translation>
    </message>
    <message>
        <source>%1: %2 gets %3 per group where 1:1 uplinks would give %4 (%5 lost), and exposed DP communication takes %6 of the step. Add uplinks to make the tier 1:1, or place each DP group under fewer leaves.</source>
        <translation>%1: %2 erhält %3 pro Gruppe, wo 1:1-Uplinks %4 gäben (%5 verloren), und die nicht verdeckte DP-Kommunikation beansprucht %6 des Schritts. Fügen Sie Uplinks hinzu, bis die Ebene 1:1 ist, oder legen Sie jede DP-Gruppe unter weniger Leaf-Switches.</translation>
    </message>
    <message>
        <source>On this rail-optimized fabric %1 send from one rail to another (e.g. %2 on rail %3 to %4 on rail %5): that traffic leaves its rail&apos;s leaf for the spines and shares their uplinks instead of taking one hop. DP peers stay on their rail when they have the same local GPU index in every node: make tp x cp = %6 divide the %7 GPUs of a node.</source>
        <translation>In dieser Rail-optimierten Fabric geht Verkehr von einer Rail zu einer anderen (betrifft %1; z. B. %2 auf Rail %3 zu %4 auf Rail %5): Dieser Verkehr verlässt den Leaf-Switch seiner Rail zu den Spines und teilt sich deren Uplinks, statt einen einzigen Hop zu nehmen. DP-Partner bleiben auf ihrer Rail, wenn sie in jedem Knoten denselben lokalen GPU-Index haben: Wählen Sie tp x cp = %6 so, dass es die %7 GPUs eines Knotens teilt.</translation>
    </message>
    <message>
        <source>All %1 GPUs are in one NVLink domain (%2): every parallel group&apos;s traffic stays on NVLink, so training needs no InfiniBand or Ethernet fabric; a network is for growing past the domain, for storage and for orchestration.</source>
        <translation>Alle %1 GPUs liegen in einer NVLink-Domäne (%2): Der Verkehr jeder parallelen Gruppe bleibt auf NVLink, das Training braucht also keine InfiniBand- oder Ethernet-Fabric; ein Netz dient dem Wachstum über die Domäne hinaus, dem Speicher und der Orchestrierung.</translation>
    </message>
    <message>
        <source>No parallel group uses the %1 layer at this plan: every group&apos;s traffic stays inside its NVLink domain or below the %2 switches, so its %1 switch changes no figure of this job (removing some would not slow it). They carry traffic when groups span more of the fabric (a wider DP or PP), for other jobs and for storage.</source>
        <translation>Keine parallele Gruppe nutzt bei diesem Plan die Ebene %1: Der Verkehr jeder Gruppe bleibt in ihrer NVLink-Domäne oder unterhalb der Switches der Ebene %2, daher ändert ihr %1-Switch keine Kennzahl dieses Jobs (ihn zu entfernen würde ihn nicht verlangsamen). Er trägt Verkehr, wenn Gruppen mehr von der Fabric überspannen (ein breiteres DP oder PP), für andere Jobs und für Speicher.</translation>
    </message>
    <message>
        <source>No parallel group uses the %1 layer at this plan: every group&apos;s traffic stays inside its NVLink domain or below the %2 switches, so its %3 %1 switches change no figure of this job (removing some would not slow it). They carry traffic when groups span more of the fabric (a wider DP or PP), for other jobs and for storage.</source>
        <translation>Keine parallele Gruppe nutzt bei diesem Plan die Ebene %1: Der Verkehr jeder Gruppe bleibt in ihrer NVLink-Domäne oder unterhalb der Switches der Ebene %2, daher ändern ihre %3 %1-Switches keine Kennzahl dieses Jobs (einige zu entfernen würde ihn nicht verlangsamen). Sie tragen Verkehr, wenn Gruppen mehr von der Fabric überspannen (ein breiteres DP oder PP), für andere Jobs und für Speicher.</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>The nodes hold %1 GPU models (%2): a synchronous step runs at the pace of the slowest, so the step is projected on %3 and the faster GPUs wait for it. Train on one GPU model, or give the faster nodes a job of their own.</source>
        <translation>Die Knoten enthalten %1 GPU-Modelle (%2): Ein synchroner Schritt läuft im Tempo des langsamsten, daher wird der Schritt auf %3 projiziert, und die schnelleren GPUs warten darauf. Trainieren Sie auf einem GPU-Modell, oder geben Sie den schnelleren Knoten einen eigenen Job.</translation>
    </message>
    <message>
        <source>Not one layer fits there: recompute instead of offloading, or spread the model over more GPUs (more pp or tp).</source>
        <translation>Dort passt keine einzige Schicht hinein: Berechnen Sie neu, statt auszulagern, oder verteilen Sie das Modell auf mehr GPUs (mehr pp oder tp).</translation>
    </message>
    <message>
        <source>At most %1 layers fit there (activation_offload_layers = %2): the GPU then needs %3 of its %4.</source>
        <translation>Höchstens %1 Schichten passen dort hinein (activation_offload_layers = %2): Die GPU braucht dann %3 ihrer %4.</translation>
    </message>
    <message>
        <source>At most %1 layers fit there (activation_offload_layers = %2): the GPU then needs %3 of its %4, which does not fit either: recompute instead of offloading, or spread the model over more GPUs (more pp or tp).</source>
        <translation>Höchstens %1 Schichten passen dort hinein (activation_offload_layers = %2): Die GPU braucht dann %3 ihrer %4, was ebenfalls nicht passt: Berechnen Sie neu, statt auszulagern, oder verteilen Sie das Modell auf mehr GPUs (mehr pp oder tp).</translation>
    </message>
    <message>
        <source>Offloading the activations of %1 layers puts %2 in host memory for each GPU, more than the %3 of host memory a GPU has to itself (the server&apos;s memory over its GPUs), before the operating system and the data loader take theirs. %4</source>
        <translation>Die Aktivierungen von %1 Schichten auszulagern legt %2 pro GPU in den Hauptspeicher, mehr als die %3 Hauptspeicher, die eine GPU für sich hat (der Speicher des Servers geteilt durch seine GPUs), bevor Betriebssystem und Datenlader ihren Teil nehmen. %4</translation>
    </message>
    <message>
        <source>%1 (%2, fits)</source>
        <translation>%1 (%2, passt)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>pp = %1</source>
        <translation>pp = %1</translation>
    </message>
    <message>
        <source>tp = %1</source>
        <translation>tp = %1</translation>
    </message>
    <message>
        <source>recomputing the norms and the experts&apos; activation, recompute_modules + %1</source>
        <translation>Neuberechnung der Normen und der Aktivierung der Experten, recompute_modules + %1</translation>
    </message>
    <message>
        <source>recomputing the norms, recompute_modules + %1</source>
        <translation>Neuberechnung der Normen, recompute_modules + %1</translation>
    </message>
    <message>
        <source>recomputing the experts&apos; activation, recompute_modules + %1</source>
        <translation>Neuberechnung der Aktivierung der Experten, recompute_modules + %1</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>volle Neuberechnung</translation>
    </message>
    <message>
        <source>the distributed optimizer</source>
        <translation>der verteilte Optimierer</translation>
    </message>
    <message>
        <source>micro_batch = 1</source>
        <translation>micro_batch = 1</translation>
    </message>
    <message>
        <source>the activations of %1 layers offloaded to host memory, activation_offload_layers = %2</source>
        <translation>die Aktivierungen von %1 Schichten in den Hauptspeicher ausgelagert, activation_offload_layers = %2</translation>
    </message>
    <message>
        <source> No single change of pp, tp, recomputation, optimizer, micro-batch or offloading makes it fit: use more GPUs.</source>
        <translation> Keine einzelne Änderung von pp, tp, Neuberechnung, Optimierer, Micro-Batch oder Auslagerung lässt es passen: Nutzen Sie mehr GPUs.</translation>
    </message>
    <message>
        <source> What would help, with the memory each leaves: %1.</source>
        <translation> Was helfen würde, mit dem Speicher, den jede Änderung übrig lässt: %1.</translation>
    </message>
    <message>
        <source> What would help, with the memory each leaves: %1. None of these alone makes it fit: spread the model over more GPUs (more pp or tp, on a larger cluster).</source>
        <translation> Was helfen würde, mit dem Speicher, den jede Änderung übrig lässt: %1. Keine davon allein lässt es passen: Verteilen Sie das Modell auf mehr GPUs (mehr pp oder tp, auf einem größeren Cluster).</translation>
    </message>
    <message>
        <source>Each GPU needs %1 of its %2: weights %3, gradients %4, optimizer state %5, activations %6, runtime %7 (%8).%9</source>
        <translation>Jede GPU braucht %1 ihrer %2: Gewichte %3, Gradienten %4, Optimiererzustand %5, Aktivierungen %6, Laufzeit %7 (%8).%9</translation>
    </message>
    <message>
        <source>the last pipeline stage is the fullest</source>
        <translation>die letzte Pipeline-Stufe ist die vollste</translation>
    </message>
    <message>
        <source>the first pipeline stage is the fullest</source>
        <translation>die erste Pipeline-Stufe ist die vollste</translation>
    </message>
    <message>
        <source>The pipeline bubble takes %1 of the step: pp = %2 stages fill and drain around %3 micro-batches per step (global_batch / (micro_batch x dp) = %4 / (%5 x %6)), interleave %7. Raise the micro-batches per step (a larger global batch, a smaller micro-batch or less DP), or interleave v model chunks per GPU (training.interleave), which divides the bubble by v.</source>
        <translation>Die Pipeline-Blase beansprucht %1 des Schritts: pp = %2 Stufen füllen und leeren sich um %3 Micro-Batches pro Schritt (global_batch / (micro_batch x dp) = %4 / (%5 x %6)), Interleave %7. Erhöhen Sie die Micro-Batches pro Schritt (ein größerer globaler Batch, ein kleinerer Micro-Batch oder weniger DP), oder verschachteln Sie v Modellteile pro GPU (training.interleave), was die Blase durch v teilt.</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>the %1 group</source>
        <translation>die %1-Gruppe</translation>
    </message>
    <message>
        <source>both %1 groups</source>
        <translation>beide %1-Gruppen</translation>
    </message>
    <message>
        <source>all %2 %1 groups</source>
        <translation>alle %2 %1-Gruppen</translation>
    </message>
    <message>
        <source>%2 of %3 %1 groups</source>
        <translation>%2 von %3 %1-Gruppen</translation>
    </message>
    <message>
        <source>plain Ethernet</source>
        <translation>einfaches Ethernet</translation>
    </message>
    <message>
        <source>%1:1</source>
        <translation>%1:1</translation>
    </message>
    <message>
        <source>GPUs of %1 have no path between them: %2 on %3 cannot reach the rest of %4 group (NICs without a cable, or networks that do not meet), so the step cannot run. Cable %5 NICs to the switches the other nodes use%6.</source>
        <translation>GPUs ohne Pfad zueinander (betrifft %1): %2 auf %3 erreichen den Rest %4 Gruppe nicht (NICs ohne Kabel oder Netze, die sich nicht treffen), daher kann der Schritt nicht laufen. Verkabeln Sie %5 mit den Switches, die die anderen Knoten nutzen%6.</translation>
    </message>
    <message>
        <source>; their NICs are on rails (or planes) that meet in no switch, and neither NVLink domain has a GPU on the other&apos;s rail to forward through (NCCL&apos;s PXN): use NVLink domains that span the rails, or a fabric whose spines join them</source>
        <translation>; ihre NICs liegen auf Rails (oder Planes), die sich in keinem Switch treffen, und keine der beiden NVLink-Domänen hat eine GPU auf der Rail der anderen, über die sie weiterleiten könnte (PXN von NCCL): Nutzen Sie NVLink-Domänen, die die Rails überspannen, oder eine Fabric, deren Spines die Rails verbinden</translation>
    </message>
    <message>
        <source>%1: %2 leave NVLink for %3. %4 %5 communication takes %6, %7 of the step. %8</source>
        <translation>%1: %2 weichen von NVLink auf %3 aus. %4 Die %5-Kommunikation dauert %6, das sind %7 des Schritts. %8</translation>
    </message>
    <message>
        <source>They run at %1%2%3.</source>
        <translation>Sie laufen mit %1%2%3.</translation>
    </message>
    <message>
        <source> through %1 switch</source>
        <translation> über %1 Switch</translation>
    </message>
    <message>
        <source> through %1 switches</source>
        <translation> über %1 Switches</translation>
    </message>
    <message>
        <source>Here one takes %1, %2 of it fixed: %3 ring steps, %4 of them between domains at %5%6 (%7 a step on NVLink), and the collective&apos;s base; the layers wait for them forward and backward.</source>
        <translation>Hier dauert eine %1, davon %2 fest: %3 Ringschritte, %4 davon zwischen Domänen mit %5%6 (%7 je Schritt auf NVLink), dazu die Grundzeit der Kollektivoperation; die Schichten warten darauf, vorwärts wie rückwärts.</translation>
    </message>
    <message>
        <source>Bandwidth is not what costs: %1 carries the ring at %2, %3 at %4 inside a domain. What costs is time a wider group does not shrink: each %5 moves the activations of a micro-batch&apos;s layer (%6) however wide TP is, while each GPU&apos;s share of the compute shrinks with it, and each ring step adds latency. %7</source>
        <translation>Nicht die Bandbreite kostet: %1 trägt den Ring mit %2, %3 innerhalb einer Domäne mit %4. Was kostet, ist Zeit, die eine breitere Gruppe nicht verkürzt: Jede Kollektivoperation (%5) bewegt die Aktivierungen einer Schicht eines Micro-Batches (%6), wie breit TP auch ist, während der Rechenanteil jeder GPU mit TP schrumpft, und jeder Ringschritt fügt Latenz hinzu. %7</translation>
    </message>
    <message>
        <source>%1 send between rails (or planes) that no switch joins: as NCCL&apos;s PXN does, that traffic first crosses NVLink to the GPU on the receiver&apos;s rail and leaves through its NIC (%2 of a group&apos;s traffic at most), loading that GPU&apos;s NVLink port and NIC with its neighbours&apos; traffic too; %3 runs at %4%5</source>
        <translation>Verkehr zwischen Rails (oder Planes), die kein Switch verbindet (betrifft %1): Wie bei PXN von NCCL überquert dieser Verkehr zuerst NVLink zur GPU auf der Rail des Empfängers und verlässt den Knoten über deren NIC (höchstens %2 des Verkehrs einer Gruppe), sodass NVLink-Port und NIC dieser GPU auch den Verkehr ihrer Nachbarn tragen; %3 läuft mit %4%5</translation>
    </message>
    <message>
        <source>. An all-to-all reaches every rail at once: a fabric whose spines join the rails carries it without the detour</source>
        <translation>. Ein All-to-All erreicht alle Rails zugleich: Eine Fabric, deren Spines die Rails verbinden, trägt es ohne den Umweg</translation>
    </message>
    <message>
        <source>%1 (%2 x %3)</source>
        <translation>%1 (%2 x %3)</translation>
    </message>
    <message>
        <source>%1 server (%2) is taken for %3 by the import, an assumption: a fabric dump shows a server&apos;s NICs, not its GPUs, and a server file may not name its GPU. Every figure of its GPUs rests on it. Check the servers, then confirm the model in the Properties panel (Confirm Model) or choose the right one; importing their NCCL topology sets it.</source>
        <translation>%1 Server (%2) wird beim Import für %3 gehalten, eine Annahme: Ein Fabric-Dump zeigt die NICs eines Servers, nicht seine GPUs, und eine Serverdatei nennt ihre GPU womöglich nicht. Jede Kennzahl seiner GPUs beruht darauf. Prüfen Sie den Server, dann bestätigen Sie das Modell im Bereich Eigenschaften (Modell bestätigen) oder wählen Sie das richtige; der Import seiner NCCL-Topologie legt es fest.</translation>
    </message>
    <message>
        <source>%1 servers (%2) are taken for %3 by the import, an assumption: a fabric dump shows a server&apos;s NICs, not its GPUs, and a server file may not name its GPU. Every figure of their GPUs rests on it. Check the servers, then confirm the model in the Properties panel (Confirm Model) or choose the right one; importing their NCCL topology sets it.</source>
        <translation>%1 Server (%2) werden beim Import für %3 gehalten, eine Annahme: Ein Fabric-Dump zeigt die NICs eines Servers, nicht seine GPUs, und eine Serverdatei nennt ihre GPU womöglich nicht. Jede Kennzahl ihrer GPUs beruht darauf. Prüfen Sie die Server, dann bestätigen Sie das Modell im Bereich Eigenschaften (Modell bestätigen) oder wählen Sie das richtige; der Import ihrer NCCL-Topologie legt es fest.</translation>
    </message>
</context>
<context>
    <name>Diagram</name>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>Infinity Fabric</source>
        <translation>Infinity Fabric</translation>
    </message>
    <message>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>RoCE</source>
        <translation>RoCE</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>Ethernet</source>
        <translation>Ethernet</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n GPUs · %2 per GPU</source>
        <translation>
            <numerusform>%1 · %n GPU · %2 pro GPU</numerusform>
            <numerusform>%1 · %n GPUs · %2 pro GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>empty NVLink domain</source>
        <translation>leere NVLink-Domäne</translation>
    </message>
    <message>
        <source>Members: %1</source>
        <translation>Mitglieder: %1</translation>
    </message>
    <message>
        <source>%1 x %2, %3 per GPU</source>
        <translation>%1 x %2, %3 pro GPU</translation>
    </message>
    <message>
        <source>%1 compute NICs at %2</source>
        <translation>%1 Rechen-NICs mit %2</translation>
    </message>
    <message>
        <source>Unknown model &quot;%1&quot;</source>
        <translation>Unbekanntes Modell „%1“</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ports at %2, %3 tier</source>
        <translation>%1 Ports mit %2, Ebene %3</translation>
    </message>
    <message>
        <source>Failed (what-if): routing goes around it</source>
        <translation>Ausgefallen (Was-wäre-wenn): wird vom Routing umgangen</translation>
    </message>
    <message>
        <source>Failed (what-if): its GPUs are not in the plan</source>
        <translation>Ausgefallen (Was-wäre-wenn): seine GPUs sind nicht im Plan</translation>
    </message>
    <message>
        <source>Failed NICs (what-if): %1</source>
        <translation>Ausgefallene NICs (Was-wäre-wenn): %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %n GPUs · %3 per GPU</source>
        <translation>
            <numerusform>%1 · %2 von %n GPU · %3 pro GPU</numerusform>
            <numerusform>%1 · %2 von %n GPUs · %3 pro GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>empty NVLink domain of %n GPUs</source>
        <translation>
            <numerusform>leere NVLink-Domäne mit %n GPU</numerusform>
            <numerusform>leere NVLink-Domäne mit %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Carries nothing: a device at its end has failed (what-if)</source>
        <translation>Ohne Verkehr: ein Gerät an einem Ende ist ausgefallen (Was-wäre-wenn)</translation>
    </message>
    <message>
        <source>NVLink bridges join the GPUs in pairs; between pairs they talk over PCIe</source>
        <translation>NVLink-Brücken verbinden die GPUs paarweise; zwischen den Paaren sprechen sie über PCIe</translation>
    </message>
    <message>
        <source>NVLink bridges join the GPUs in groups of %1; between groups they talk over PCIe</source>
        <translation>NVLink-Brücken verbinden die GPUs in Gruppen zu %1; zwischen den Gruppen sprechen sie über PCIe</translation>
    </message>
</context>
<context>
    <name>DiagramExport</name>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>JPEG image (*.jpg *.jpeg)</source>
        <translation>JPEG-Bild (*.jpg *.jpeg)</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>A cluster drawn with TopoPlan</source>
        <translation>Ein mit TopoPlan gezeichneter Cluster</translation>
    </message>
    <message>
        <source>%1: the image is too large to render</source>
        <translation>%1: das Bild ist zu groß zum Rendern</translation>
    </message>
    <message>
        <source>%1: could not render the diagram</source>
        <translation>%1: das Diagramm konnte nicht gerendert werden</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>DP %1</source>
        <translation>DP %1</translation>
    </message>
    <message>
        <source>CP %1</source>
        <translation>CP %1</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>%1 · TP %2 · PP %3 · DP %4: not analysed</source>
        <translation>%1 · TP %2 · PP %3 · DP %4: nicht analysiert</translation>
    </message>
</context>
<context>
    <name>Explorer</name>
    <message>
        <source>, %1 kW of server power</source>
        <translation>, %1 kW Serverleistung</translation>
    </message>
    <message>
        <source>, %1 switches</source>
        <translation>, %1 Switches</translation>
    </message>
    <message>
        <source>, with %1 against %2 kW of server power per GPU</source>
        <translation>, mit %1 gegenüber %2 kW Serverleistung pro GPU</translation>
    </message>
    <message>
        <source>, with %1 against %2 switches per 1000 GPUs</source>
        <translation>, mit %1 gegenüber %2 Switches pro 1.000 GPUs</translation>
    </message>
    <message>
        <source>, with as much server power</source>
        <translation>, mit ebenso viel Serverleistung</translation>
    </message>
    <message>
        <source>, with as many switches</source>
        <translation>, mit ebenso vielen Switches</translation>
    </message>
    <message>
        <source>, with %1 more kW of server power</source>
        <translation>, mit %1 kW mehr Serverleistung</translation>
    </message>
    <message>
        <source>, with %1 less kW of server power</source>
        <translation>, mit %1 kW weniger Serverleistung</translation>
    </message>
    <message>
        <source>, with %1 more switches</source>
        <translation>, mit %1 Switches mehr</translation>
    </message>
    <message>
        <source>, with %1 fewer switches</source>
        <translation>, mit %1 Switches weniger</translation>
    </message>
    <message>
        <source>Best: %1 at %2 per GPU (%3 on %4 GPUs)%5.</source>
        <translation>Am besten: %1 mit %2 pro GPU (%3 auf %4 GPUs)%5.</translation>
    </message>
    <message>
        <source>Best: %1 at %2 (%3 per GPU)%4.</source>
        <translation>Am besten: %1 mit %2 (%3 pro GPU)%4.</translation>
    </message>
    <message>
        <source>Compared per GPU: %1 GPUs is not a whole number of servers, racks or domains for every design, so each runs the job on the counts nearest it that it builds (%2 to %3 GPUs).</source>
        <translation>Pro GPU verglichen: %1 GPUs sind nicht für jeden Entwurf eine ganze Zahl von Servern, Racks oder Domänen, daher führt jeder Entwurf den Job auf den nächstgelegenen GPU-Zahlen aus, die er aufbaut (%2 bis %3 GPUs).</translation>
    </message>
    <message>
        <source>No variant can run the job on about %1 GPUs: see each variant&apos;s message.</source>
        <translation>Keine Variante kann den Job auf etwa %1 GPUs ausführen: Siehe die Meldung jeder Variante.</translation>
    </message>
    <message>
        <source>%1 beats %2 (the best on %3) by %4 tokens/s per GPU%5.</source>
        <translation>%1 übertrifft %2 (die beste auf %3) um %4 Tokens/s pro GPU%5.</translation>
    </message>
    <message>
        <source>%1 beats %2 (the best on %3) by %4 tokens/s%5.</source>
        <translation>%1 übertrifft %2 (die beste auf %3) um %4 Tokens/s%5.</translation>
    </message>
    <message>
        <source>%1 is as fast as the best (within 0.05 %) per GPU%2.</source>
        <translation>%1 ist pro GPU so schnell wie die beste (innerhalb von 0,05 %)%2.</translation>
    </message>
    <message>
        <source>%1 is as fast as the best (within 0.05 %)%2.</source>
        <translation>%1 ist so schnell wie die beste (innerhalb von 0,05 %)%2.</translation>
    </message>
    <message>
        <source>%1 comes within %2 of the best per GPU%3.</source>
        <translation>%1 liegt pro GPU bis auf %2 an der besten%3.</translation>
    </message>
    <message>
        <source>%1 comes within %2 of the best%3.</source>
        <translation>%1 liegt bis auf %2 an der besten%3.</translation>
    </message>
    <message>
        <source>That is less than the projections&apos; error on published runs of this class (±%1 on %2 runs): too close to call.</source>
        <translation>Das ist weniger als der Fehler der Projektionen bei veröffentlichten Läufen dieser Klasse (±%1 bei %2 Läufen): zu knapp für eine Entscheidung.</translation>
    </message>
    <message>
        <source>, %1 of capital cost</source>
        <translation>, %1 Investitionskosten</translation>
    </message>
    <message>
        <source>, %1 of IT load</source>
        <translation>, %1 IT-Last</translation>
    </message>
    <message>
        <source>, with %1 against %2 of capital cost per GPU</source>
        <translation>, mit %1 gegenüber %2 Investitionskosten je GPU</translation>
    </message>
    <message>
        <source>, with %1 against %2 of IT load per GPU</source>
        <translation>, mit %1 gegenüber %2 IT-Last je GPU</translation>
    </message>
    <message>
        <source>, with as much capital cost</source>
        <translation>, mit gleichen Investitionskosten</translation>
    </message>
    <message>
        <source>, with as much IT load</source>
        <translation>, mit gleicher IT-Last</translation>
    </message>
    <message>
        <source>, with %1 more capital cost</source>
        <translation>, mit %1 mehr Investitionskosten</translation>
    </message>
    <message>
        <source>, with %1 less capital cost</source>
        <translation>, mit %1 weniger Investitionskosten</translation>
    </message>
    <message>
        <source>, with %1 more IT load</source>
        <translation>, mit %1 mehr IT-Last</translation>
    </message>
    <message>
        <source>, with %1 less IT load</source>
        <translation>, mit %1 weniger IT-Last</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <source>Import Report</source>
        <translation>Importbericht</translation>
    </message>
    <message numerus="yes">
        <source>%n assumption(s)</source>
        <translation>
            <numerusform>%n Annahme</numerusform>
            <numerusform>%n Annahmen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not mapped</source>
        <translation>
            <numerusform>%n nicht zugeordnet</numerusform>
            <numerusform>%n nicht zugeordnet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s)</source>
        <translation>
            <numerusform>%n Prüfung</numerusform>
            <numerusform>%n Prüfungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>... and %n more (Show Details)</source>
        <translation>
            <numerusform>... und %n weiteres (Details einblenden)</numerusform>
            <numerusform>... und %n weitere (Details einblenden)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(TopoPlan stopped looking after %n problems.)</source>
        <translation>
            <numerusform>(TopoPlan hat die Prüfung nach %n Problem beendet.)</numerusform>
            <numerusform>(TopoPlan hat die Prüfung nach %n Problemen beendet.)</numerusform>
        </translation>
    </message>
    <message>
        <source>Left out of the readable part:</source>
        <translation>Im lesbaren Teil ausgelassen:</translation>
    </message>
    <message>
        <source>Cannot Open Project</source>
        <translation>Projekt kann nicht geöffnet werden</translation>
    </message>
    <message numerus="yes">
        <source>%1 could not be opened: it has %n problem(s).</source>
        <translation>
            <numerusform>%1 konnte nicht geöffnet werden: die Datei enthält %n Problem.</numerusform>
            <numerusform>%1 konnte nicht geöffnet werden: die Datei enthält %n Probleme.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Readable Part</source>
        <translation>Lesbaren Teil öffnen</translation>
    </message>
    <message numerus="yes">
        <source>TopoPlan can open what it can read as a new, unsaved project, leaving out the broken items (%n item(s) left out). The file itself is not changed.</source>
        <translation>
            <numerusform>TopoPlan kann das Lesbare als neues, ungespeichertes Projekt öffnen und lässt die fehlerhaften Elemente weg (%n Element ausgelassen). Die Datei selbst wird nicht verändert.</numerusform>
            <numerusform>TopoPlan kann das Lesbare als neues, ungespeichertes Projekt öffnen und lässt die fehlerhaften Elemente weg (%n Elemente ausgelassen). Die Datei selbst wird nicht verändert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>tp x cp x pp = %1 needs more GPUs than the %2 the cluster has; lower tp, cp or pp</source>
        <translation>tp x cp x pp = %1 braucht mehr GPUs als die %2 des Clusters; senken Sie tp, cp oder pp</translation>
    </message>
    <message>
        <source>tp x cp x pp = %1 does not divide the %2 GPUs, so dp cannot be derived; choose degrees whose product divides it, or give dp</source>
        <translation>tp x cp x pp = %1 teilt die %2 GPUs nicht, daher lässt sich dp nicht ableiten; wählen Sie Grade, deren Produkt sie teilt, oder geben Sie dp an</translation>
    </message>
    <message>
        <source>expected a degree &gt;= 1, found %1</source>
        <translation>erwartet wurde ein Grad &gt;= 1, gefunden: %1</translation>
    </message>
    <message>
        <source>tp x cp x pp x dp = %1 x %2 x %3 x %4 is far more than the cluster&apos;s %5 GPUs</source>
        <translation>tp x cp x pp x dp = %1 x %2 x %3 x %4 ist weit mehr als die %5 GPUs des Clusters</translation>
    </message>
    <message>
        <source>tp x cp x pp x dp = %1 x %2 x %3 x %4 = %5, but the cluster has %6 GPUs</source>
        <translation>tp x cp x pp x dp = %1 x %2 x %3 x %4 = %5, aber der Cluster hat %6 GPUs</translation>
    </message>
    <message>
        <source>expected the five dimensions tp, cp, ep, dp, pp joined by &apos;-&apos; (e.g. &quot;tp-cp-ep-dp-pp&quot;), found &quot;%1&quot;</source>
        <translation>erwartet wurden die fünf Dimensionen tp, cp, ep, dp, pp, verbunden durch &apos;-&apos; (z. B. &quot;tp-cp-ep-dp-pp&quot;), gefunden: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the %1 attention heads cannot be split over tp = %2 (heads must be divisible by tp)</source>
        <translation>die %1 Attention-Heads lassen sich nicht auf tp = %2 aufteilen (die Heads müssen durch tp teilbar sein)</translation>
    </message>
    <message>
        <source>the %1 K/V heads and tp = %2 must divide one another (kv_heads divisible by tp, or tp by kv_heads to replicate K/V heads)</source>
        <translation>die %1 K/V-Heads und tp = %2 müssen einander teilen (kv_heads durch tp teilbar, oder tp durch kv_heads, um K/V-Heads zu replizieren)</translation>
    </message>
    <message>
        <source>the MLP width ffn = %1 cannot be split over tp = %2</source>
        <translation>die MLP-Breite ffn = %1 lässt sich nicht auf tp = %2 aufteilen</translation>
    </message>
    <message>
        <source>the expert width moe_ffn = %1 cannot be split over tp = %2</source>
        <translation>die Expertenbreite moe_ffn = %1 lässt sich nicht auf tp = %2 aufteilen</translation>
    </message>
    <message>
        <source>the %1 layers cannot fill pp = %2 pipeline stages (each stage needs a layer)</source>
        <translation>die %1 Schichten können pp = %2 Pipeline-Stufen nicht füllen (jede Stufe braucht eine Schicht)</translation>
    </message>
    <message>
        <source>seq = %1 must be divisible by 2 x cp = %2 (load-balanced causal attention gives each CP rank two chunks)</source>
        <translation>seq = %1 muss durch 2 x cp = %2 teilbar sein (lastausgeglichene kausale Attention gibt jedem CP-Rang zwei Stücke)</translation>
    </message>
    <message>
        <source>ep = %1 needs a mixture of experts, but &quot;%2&quot; is dense (experts = 1)</source>
        <translation>ep = %1 braucht ein Mixture-of-Experts-Modell, aber &quot;%2&quot; ist dicht (experts = 1)</translation>
    </message>
    <message>
        <source>ep = %1 must divide dp x cp = %2 x %3 = %4 (expert parallelism is carved out of DP x CP)</source>
        <translation>ep = %1 muss dp x cp = %2 x %3 = %4 teilen (die Expertenparallelität wird aus DP x CP gebildet)</translation>
    </message>
    <message>
        <source>the %1 experts cannot be shared out over ep = %2 (experts must be divisible by ep)</source>
        <translation>die %1 Experten lassen sich nicht auf ep = %2 verteilen (die Experten müssen durch ep teilbar sein)</translation>
    </message>
    <message>
        <source>a mixture of experts with tp = %1 and ep = %2 needs sequence parallelism (as Megatron-Core)</source>
        <translation>ein Mixture-of-Experts-Modell mit tp = %1 und ep = %2 braucht Sequenzparallelität (wie Megatron-Core)</translation>
    </message>
    <message>
        <source>the order &quot;%1&quot; gives experts other %2 groups than the dense layers (cp = %3 sits between them); keep cp next to ep and dp, e.g. &quot;tp-cp-ep-dp-pp&quot;</source>
        <translation>die Reihenfolge &quot;%1&quot; gibt den Experten andere %2-Gruppen als den dichten Schichten (cp = %3 liegt dazwischen); halten Sie cp neben ep und dp, z. B. &quot;tp-cp-ep-dp-pp&quot;</translation>
    </message>
    <message>
        <source>interleave = %1 needs pipeline parallelism (pp &gt; 1), found pp = 1</source>
        <translation>interleave = %1 braucht Pipeline-Parallelität (pp &gt; 1), gefunden: pp = 1</translation>
    </message>
    <message>
        <source>the %1 layers cannot fill pp x interleave = %2 x %3 = %4 model chunks (each chunk needs a layer)</source>
        <translation>die %1 Schichten können pp x interleave = %2 x %3 = %4 Modellteile nicht füllen (jeder Teil braucht eine Schicht)</translation>
    </message>
    <message>
        <source>activation offloading keeps what recomputation would recompute (Megatron-Core&apos;s cpu_offloading refuses both): it needs recompute = &quot;none&quot;, found &quot;%1&quot;</source>
        <translation>das Auslagern von Aktivierungen behält, was die Neuberechnung neu berechnen würde (cpu_offloading von Megatron-Core lehnt beides ab): Es braucht recompute = &quot;none&quot;, gefunden: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>activation offloading runs without pipeline parallelism (Megatron-Core&apos;s cpu_offloading), found pp = %1</source>
        <translation>das Auslagern von Aktivierungen läuft ohne Pipeline-Parallelität (cpu_offloading von Megatron-Core), gefunden: pp = %1</translation>
    </message>
    <message>
        <source>activation_offload_layers = %1 must be fewer than the model&apos;s %2 layers (the last layer&apos;s backward follows its forward at once: nothing to offload)</source>
        <translation>activation_offload_layers = %1 muss kleiner sein als die %2 Schichten des Modells (der Backward-Pass der letzten Schicht folgt sofort auf ihren Forward-Pass: nichts auszulagern)</translation>
    </message>
    <message>
        <source>global_batch = %1 must be divisible by micro_batch x dp = %2 x %3 = %4</source>
        <translation>global_batch = %1 muss durch micro_batch x dp = %2 x %3 = %4 teilbar sein</translation>
    </message>
    <message>
        <source>no plan with tp = %1 is valid and fits in memory</source>
        <translation>kein Plan mit tp = %1 ist gültig und passt in den Speicher</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1: expected a file name ending in .svg, .pdf, .png or .jpg</source>
        <translation>%1: erwartet wurde ein Dateiname mit der Endung .svg, .pdf, .png oder .jpg</translation>
    </message>
    <message>
        <source>Export Chart...</source>
        <translation>Grafik exportieren...</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Grafik exportieren</translation>
    </message>
    <message>
        <source>Cannot Export Chart</source>
        <translation>Grafik kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>NVLink domain</source>
        <translation>NVLink-Domäne</translation>
    </message>
    <message>
        <source>NVLink domains</source>
        <translation>NVLink-Domänen</translation>
    </message>
    <message>
        <source>Switches (leaf/spine/core)</source>
        <translation>Switches (Leaf/Spine/Core)</translation>
    </message>
    <message>
        <source>Links (cables)</source>
        <translation>Verbindungen (Kabel)</translation>
    </message>
    <message>
        <source>Best plan</source>
        <translation>Bester Plan</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Token/s</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>Token/s pro GPU</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Groups (bus bandwidth, bottleneck)</source>
        <translation>Gruppen (Busbandbreite, Engpass)</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnosen</translation>
    </message>
    <message>
        <source>Against the first</source>
        <translation>Gegenüber dem ersten</translation>
    </message>
    <message>
        <source>M tokens/s</source>
        <translation>Mio. Token/s</translation>
    </message>
    <message>
        <source>k tokens/s</source>
        <translation>Tsd. Token/s</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Token/s</translation>
    </message>
    <message>
        <source>rail-optimized</source>
        <translation>Rail-optimiert</translation>
    </message>
    <message>
        <source>fat tree</source>
        <translation>Fat Tree</translation>
    </message>
    <message>
        <source>%1, %2 tiers</source>
        <translation>%1, %2 Ebenen</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Rechenknoten</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>TP comm.</source>
        <translation>TP-Komm.</translation>
    </message>
    <message>
        <source>CP comm.</source>
        <translation>CP-Komm.</translation>
    </message>
    <message>
        <source>EP all-to-all</source>
        <translation>EP-All-to-All</translation>
    </message>
    <message>
        <source>PP sends</source>
        <translation>PP-Transfers</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>Pipeline-Blase</translation>
    </message>
    <message>
        <source>DP comm.</source>
        <translation>DP-Komm.</translation>
    </message>
    <message>
        <source>%1: hidden</source>
        <translation>%1: überdeckt</translation>
    </message>
    <message>
        <source>Milliseconds per step</source>
        <translation>Millisekunden pro Schritt</translation>
    </message>
    <message>
        <source>Seconds per step</source>
        <translation>Sekunden pro Schritt</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <source>Server power (kW)</source>
        <translation>Serverleistung (kW)</translation>
    </message>
    <message>
        <source>rail-only</source>
        <translation>nur Rails</translation>
    </message>
    <message>
        <source>Capital cost (millions)</source>
        <translation>Investitionskosten (Millionen)</translation>
    </message>
    <message>
        <source>IT load (kW)</source>
        <translation>IT-Last (kW)</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>tokens/s per GPU</source>
        <translation>Token/s pro GPU</translation>
    </message>
    <message>
        <source>NVLink domain edge (%1 GPUs)</source>
        <translation>Grenze der NVLink-Domäne (%1 GPUs)</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>tensor-parallel width (the job&apos;s in bold)</source>
        <translation>tensorparallele Breite (die des Auftrags fett)</translation>
    </message>
    <message>
        <source>best plan at each width</source>
        <translation>bester Plan je Breite</translation>
    </message>
    <message>
        <source>the job&apos;s plan, TP changed</source>
        <translation>Plan des Auftrags, TP geändert</translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation>Millisekunden</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>step (exposed)</source>
        <translation>Schritt (nicht überdeckt)</translation>
    </message>
    <message>
        <source>hidden</source>
        <translation>überdeckt</translation>
    </message>
    <message>
        <source>Figure %1. %2</source>
        <translation>Abbildung %1. %2</translation>
    </message>
    <message>
        <source>written by TopoPlan</source>
        <translation>erstellt mit TopoPlan</translation>
    </message>
    <message>
        <source>could not start the PDF</source>
        <translation>das PDF konnte nicht angelegt werden</translation>
    </message>
    <message>
        <source>could not add page %1 to the PDF</source>
        <translation>Seite %1 konnte nicht zum PDF hinzugefügt werden</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>could not finish the PDF</source>
        <translation>das PDF konnte nicht abgeschlossen werden</translation>
    </message>
    <message>
        <source>%1: cannot write the report: %2</source>
        <translation>%1: der Bericht kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Same as the desktop</source>
        <translation>Wie die Arbeitsumgebung</translation>
    </message>
</context>
<context>
    <name>Undo Commands</name>
    <message>
        <source>Rename Project</source>
        <translation>Projekt umbenennen</translation>
    </message>
    <message>
        <source>Rename %1</source>
        <translation>%1 umbenennen</translation>
    </message>
    <message>
        <source>Move Item</source>
        <translation>Element verschieben</translation>
    </message>
    <message numerus="yes">
        <source>Move %n Items</source>
        <translation>
            <numerusform>%n Element verschieben</numerusform>
            <numerusform>%n Elemente verschieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Items</source>
        <translation>
            <numerusform>%n Element entfernen</numerusform>
            <numerusform>%n Elemente entfernen</numerusform>
        </translation>
    </message>
    <message>
        <source>Add Node</source>
        <translation>Knoten hinzufügen</translation>
    </message>
    <message>
        <source>Add Switch</source>
        <translation>Switch hinzufügen</translation>
    </message>
    <message>
        <source>Add NVLink Domain</source>
        <translation>NVLink-Domäne hinzufügen</translation>
    </message>
    <message>
        <source>Add Link</source>
        <translation>Verbindung hinzufügen</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message numerus="yes">
        <source>Set %1 of %n Items</source>
        <translation>
            <numerusform>%1 von %n Element setzen</numerusform>
            <numerusform>%1 von %n Elementen setzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Fabric Role</source>
        <translation>Fabric-Rolle</translation>
    </message>
    <message>
        <source>NVLink Domain</source>
        <translation>NVLink-Domäne</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Medium</translation>
    </message>
    <message>
        <source>Cable Count</source>
        <translation>Kabelanzahl</translation>
    </message>
    <message>
        <source>Mark as Failed</source>
        <translation>Als ausgefallen markieren</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>Reparieren</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Ausgefallen</translation>
    </message>
    <message>
        <source>Failed NICs</source>
        <translation>Ausgefallene NICs</translation>
    </message>
    <message>
        <source>Edit Project Properties</source>
        <translation>Projekteigenschaften ändern</translation>
    </message>
    <message>
        <source>Domain Size</source>
        <translation>Domänengröße</translation>
    </message>
    <message numerus="yes">
        <source>Set Model and Medium of %n Link(s)</source>
        <translation>
            <numerusform>Modell und Medium von %n Verbindung setzen</numerusform>
            <numerusform>Modell und Medium von %n Verbindungen setzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm Model</source>
        <translation>Modell bestätigen</translation>
    </message>
    <message>
        <source>Model Assumed</source>
        <translation>Modell angenommen</translation>
    </message>
</context>
<context>
    <name>topoplan::AddFabricDialog</name>
    <message>
        <source>Default for the nodes&apos; NICs</source>
        <translation>Standard für die NICs der Knoten</translation>
    </message>
    <message>
        <source>Same as the leaves</source>
        <translation>Wie die Leaf-Switches</translation>
    </message>
    <message>
        <source>Same as the spines</source>
        <translation>Wie die Spine-Switches</translation>
    </message>
    <message>
        <source>Add Fabric</source>
        <translation>Fabric hinzufügen</translation>
    </message>
    <message>
        <source>Rail-optimized</source>
        <translation>Rail-optimiert</translation>
    </message>
    <message>
        <source>Fat tree</source>
        <translation>Fat Tree</translation>
    </message>
    <message>
        <source>2 (leaf, spine)</source>
        <translation>2 (Leaf, Spine)</translation>
    </message>
    <message>
        <source>3 (leaf, spine, core)</source>
        <translation>3 (Leaf, Spine, Core)</translation>
    </message>
    <message>
        <source> : 1</source>
        <translation> : 1</translation>
    </message>
    <message>
        <source>Downlinks to uplinks of a leaf (and of a spine toward the cores); 1 : 1 is non-blocking</source>
        <translation>Downlinks zu Uplinks eines Leaf-Switches (und eines Spine-Switches zu den Core-Switches); 1 : 1 ist blockierungsfrei</translation>
    </message>
    <message>
        <source>&amp;Fabric:</source>
        <translation>&amp;Fabric:</translation>
    </message>
    <message>
        <source>&amp;Tiers:</source>
        <translation>&amp;Ebenen:</translation>
    </message>
    <message>
        <source>&amp;Leaf switches:</source>
        <translation>&amp;Leaf-Switches:</translation>
    </message>
    <message>
        <source>&amp;Spine switches:</source>
        <translation>&amp;Spine-Switches:</translation>
    </message>
    <message>
        <source>&amp;Core switches:</source>
        <translation>&amp;Core-Switches:</translation>
    </message>
    <message>
        <source>&amp;Oversubscription:</source>
        <translation>&amp;Überbuchung:</translation>
    </message>
    <message>
        <source>Cables 1 node into a new fabric; the switches are placed in their lanes.</source>
        <translation>Verkabelt 1 Knoten mit einer neuen Fabric; die Switches kommen in ihre Bahnen.</translation>
    </message>
    <message numerus="yes">
        <source>Cables %n nodes into a new fabric; the switches are placed in their lanes.</source>
        <translation>
            <numerusform>Verkabelt %n Knoten mit einer neuen Fabric; die Switches kommen in ihre Bahnen.</numerusform>
            <numerusform>Verkabelt %n Knoten mit einer neuen Fabric; die Switches kommen in ihre Bahnen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Adds %1 leaf, %2 spine and %3 core switches and %4 links (%5 cables).</source>
        <translation>Fügt %1 Leaf-, %2 Spine- und %3 Core-Switches und %4 Verbindungen (%5 Kabel) hinzu.</translation>
    </message>
    <message>
        <source>Rail-only (a network per rail, no spine joining rails)</source>
        <translation>Nur Rails (ein Netz je Rail, kein Spine verbindet die Rails)</translation>
    </message>
    <message>
        <source>Independent planes: each node&apos;s NICs spread over them, each plane a fabric of its own, so that 2 tiers reach that many times further</source>
        <translation>Unabhängige Ebenen: die NICs jedes Knotens verteilen sich auf sie, jede Ebene ist eine eigene Fabric, sodass 2 Ebenen entsprechend viel weiter reichen</translation>
    </message>
    <message>
        <source>&amp;Planes:</source>
        <translation>&amp;Ebenen:</translation>
    </message>
</context>
<context>
    <name>topoplan::AnalysisDock</name>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Analysing...</source>
        <translation>Wird analysiert...</translation>
    </message>
    <message>
        <source>Projection</source>
        <translation>Prognose</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>GPUs x groups</source>
        <translation>GPUs x Gruppen</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>Busbandbreite</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Leaves domain</source>
        <translation>Verlässt Domäne</translation>
    </message>
    <message>
        <source>Hops</source>
        <translation>Hops</translation>
    </message>
    <message>
        <source>Bottleneck link</source>
        <translation>Engpassverbindung</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnosen</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs. Set the parallel degrees, or find the best plan.</source>
        <translation>
            <numerusform>%n GPU. Die Parallelisierungsgrade setzen oder den besten Plan finden.</numerusform>
            <numerusform>%n GPUs. Die Parallelisierungsgrade setzen oder den besten Plan finden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs. Choose a model to train to see what this cluster does with it.</source>
        <translation>
            <numerusform>%n GPU. Ein Modell wählen, um zu sehen, was dieser Cluster damit leistet.</numerusform>
            <numerusform>%n GPUs. Ein Modell wählen, um zu sehen, was dieser Cluster damit leistet.</numerusform>
        </translation>
    </message>
    <message>
        <source>This plan cannot run: %1</source>
        <translation>Dieser Plan kann nicht laufen: %1</translation>
    </message>
    <message>
        <source>The topology cannot be analysed: %1</source>
        <translation>Die Topologie kann nicht analysiert werden: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; per step · &lt;b&gt;%2&lt;/b&gt; · %3 per GPU (MFU %4) · memory %5 of %6 per GPU%7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; je Schritt · &lt;b&gt;%2&lt;/b&gt; · %3 je GPU (MFU %4) · Speicher %5 von %6 je GPU%7</translation>
    </message>
    <message>
        <source> — &lt;b&gt;does not fit&lt;/b&gt;</source>
        <translation> — &lt;b&gt;passt nicht&lt;/b&gt;</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>Pipeline-Blase</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Exposed time: %1</source>
        <translation>Nicht überdeckte Zeit: %1</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message numerus="yes">
        <source>The slowest of the %n groups; click to select its nodes</source>
        <translation>
            <numerusform>Die einzige Gruppe; klicken wählt ihre Knoten aus</numerusform>
            <numerusform>Die langsamste der %n Gruppen; klicken wählt ihre Knoten aus</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to report.</source>
        <translation>Nichts zu melden.</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n weiteres</numerusform>
            <numerusform>%n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>What-if: %1 failed; routed around %2, on the %n GPUs left.</source>
        <translation>
            <numerusform>Was-wäre-wenn: %1 ausgefallen; Routing um %2 herum, auf der verbleibenden %n GPU.</numerusform>
            <numerusform>Was-wäre-wenn: %1 ausgefallen; Routing um %2 herum, auf den verbleibenden %n GPUs.</numerusform>
        </translation>
    </message>
    <message>
        <source>it</source>
        <translation>den Ausfall</translation>
    </message>
    <message>
        <source>them</source>
        <translation>die Ausfälle</translation>
    </message>
    <message>
        <source>&lt;b&gt;Parallel groups&lt;/b&gt;&lt;p&gt;One row per kind of group the plan makes (TP, CP, EP, PP, DP): how many GPUs each group has and how many such groups there are, the bus bandwidth its collective reaches, the interconnect it crosses (NVLink, InfiniBand, Ethernet), whether it leaves an NVLink domain, the switch hops on its path and the link that limits it.&lt;/p&gt;&lt;p&gt;The row with the lowest bandwidth for its traffic is the bottleneck; clicking a row selects its links on the canvas.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Parallele Gruppen&lt;/b&gt;&lt;p&gt;Eine Zeile je Art von Gruppe, die der Plan bildet (TP, CP, EP, PP, DP): wie viele GPUs jede Gruppe hat und wie viele solche Gruppen es gibt, die Busbandbreite, die ihre Kollektivoperation erreicht, die Verbindungstechnik, über die sie läuft (NVLink, InfiniBand, Ethernet), ob sie eine NVLink-Domäne verlässt, die Switch-Hops auf ihrem Pfad und die Verbindung, die sie begrenzt.&lt;/p&gt;&lt;p&gt;Die Zeile mit der niedrigsten Bandbreite für ihren Verkehr ist der Engpass; ein Klick auf eine Zeile wählt ihre Verbindungen auf der Zeichenfläche aus.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Pin as Baseline</source>
        <translation>Als &amp;Referenz festlegen</translation>
    </message>
    <message>
        <source>Keep this design and plan as the baseline: every edit then shows its delta against it, here and on the charts</source>
        <translation>Diesen Entwurf und Plan als Referenz festhalten: jede Änderung zeigt dann ihre Abweichung davon, hier und in den Grafiken</translation>
    </message>
    <message>
        <source>Un&amp;pin Baseline</source>
        <translation>&amp;Referenz aufheben</translation>
    </message>
    <message>
        <source>Against the baseline (%1, pinned %2): %3</source>
        <translation>Gegenüber der Referenz (%1, festgelegt um %2): %3</translation>
    </message>
    <message>
        <source>Baseline: %1, pinned %2. This design has no result to compare yet.</source>
        <translation>Referenz: %1, festgelegt um %2. Dieser Entwurf hat noch kein Ergebnis zum Vergleichen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Diagnostics&lt;/b&gt;&lt;p&gt;What the engine found wrong or worth knowing about the design and the plan: errors first, then warnings and notes. Click one to select the devices or links it names.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Diagnosen&lt;/b&gt;&lt;p&gt;Was TopoPlan an Entwurf und Plan als fehlerhaft oder wissenswert erkannt hat: zuerst Fehler, dann Warnungen und Hinweise. Ein Klick auf einen Eintrag wählt die Geräte oder Verbindungen aus, die er nennt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reduced in the NVSwitches (NVLink SHARP), as NCCL does where that is faster; as a ring: %1</source>
        <translation>In den NVSwitches reduziert (NVLink SHARP), wie NCCL es tut, wo das schneller ist; als Ring: %1</translation>
    </message>
    <message>
        <source>Reduced in the InfiniBand switches (SHARP); as a ring: %1</source>
        <translation>In den InfiniBand-Switches reduziert (SHARP); als Ring: %1</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>FP8 weight copies</source>
        <translation>FP8-Kopien der Gewichte</translation>
    </message>
    <message>
        <source>gradients (bf16)</source>
        <translation>Gradienten (bf16)</translation>
    </message>
    <message>
        <source>gradients (fp32)</source>
        <translation>Gradienten (fp32)</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>Optimiererzustand</translation>
    </message>
    <message numerus="yes">
        <source>activations of %n layer pass(es)</source>
        <translation>
            <numerusform>Aktivierungen von %n Schichtdurchlauf</numerusform>
            <numerusform>Aktivierungen von %n Schichtdurchläufen</numerusform>
        </translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation>Neuberechnung</translation>
    </message>
    <message>
        <source>logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>Laufzeitumgebung</translation>
    </message>
    <message>
        <source>&lt;b&gt;Memory per GPU&lt;/b&gt;&lt;p&gt;What the fullest GPU (the first or last pipeline stage) holds, item by item: the weights, the gradient buffer in its type, the optimizer&apos;s master weights and Adam moments (sharded by the distributed optimizer), the activations of the layer passes in flight at the pipeline&apos;s peak, and the runtime&apos;s own (CUDA context, workspaces, NCCL buffers).</source>
        <translation>&lt;b&gt;Speicher pro GPU&lt;/b&gt;&lt;p&gt;Was die vollste GPU (die erste oder letzte Pipeline-Stufe) hält, Posten für Posten: die Gewichte, den Gradientenpuffer in seinem Typ, die Master-Gewichte und Adam-Momente des Optimierers (vom verteilten Optimierer aufgeteilt), die Aktivierungen der Schichtdurchläufe, die auf dem Höhepunkt der Pipeline unterwegs sind, und den Eigenbedarf der Laufzeitumgebung (CUDA-Kontext, Arbeitspuffer, NCCL-Puffer).</translation>
    </message>
    <message>
        <source>Memory per GPU: %1</source>
        <translation>Speicher pro GPU: %1</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Parallel &amp;Groups</source>
        <translation>Parallele &amp;Gruppen</translation>
    </message>
    <message>
        <source>Cost and &amp;Power</source>
        <translation>Kosten und &amp;Leistung</translation>
    </message>
    <message>
        <source>&amp;Step and Memory</source>
        <translation>Schri&amp;tt und Speicher</translation>
    </message>
    <message>
        <source>MoE</source>
        <translation>MoE</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>dicht</translation>
    </message>
    <message>
        <source>up to 256 GPUs</source>
        <translation>bis 256 GPUs</translation>
    </message>
    <message>
        <source>257 to 2,048 GPUs</source>
        <translation>257 bis 2.048 GPUs</translation>
    </message>
    <message>
        <source>more than 2,048 GPUs</source>
        <translation>mehr als 2.048 GPUs</translation>
    </message>
    <message>
        <source>any scale</source>
        <translation>jede Größe</translation>
    </message>
    <message>
        <source>any GPU</source>
        <translation>jede GPU</translation>
    </message>
    <message numerus="yes">
        <source>±%1 on %n published runs of this class (%2, %3, %4)</source>
        <translation>
            <numerusform>±%1 bei %n veröffentlichtem Lauf dieser Klasse (%2, %3, %4)</numerusform>
            <numerusform>±%1 bei %n veröffentlichten Läufen dieser Klasse (%2, %3, %4)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::CablingPreview</name>
    <message>
        <source>Connect %1 and %2</source>
        <translation>%1 und %2 verbinden</translation>
    </message>
    <message>
        <source>A stated number of cables:</source>
        <translation>Eine feste Anzahl Kabel:</translation>
    </message>
    <message>
        <source>:1</source>
        <translation>:1</translation>
    </message>
    <message>
        <source>Downlink cables per uplink cable; 1:1 is non-blocking.</source>
        <translation>Downlink-Kabel je Uplink-Kabel; 1:1 ist blockierungsfrei.</translation>
    </message>
    <message>
        <source>Oversubscription:</source>
        <translation>Überbuchung:</translation>
    </message>
    <message>
        <source>Cables and ports (as the project file counts them):</source>
        <translation>Kabel und Ports (wie die Projektdatei sie zählt):</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>What the design implies: 1 cable</source>
        <translation>Was der Entwurf ergibt: 1 Kabel</translation>
    </message>
    <message numerus="yes">
        <source>What the design implies: %n cables</source>
        <translation>
            <numerusform>Was der Entwurf ergibt: %n Kabel</numerusform>
            <numerusform>Was der Entwurf ergibt: %n Kabel</numerusform>
        </translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>Hinweis: %1.</translation>
    </message>
    <message>
        <source>Not possible: %1.</source>
        <translation>Nicht möglich: %1.</translation>
    </message>
    <message>
        <source>Connect 1 cable</source>
        <translation>1 Kabel verbinden</translation>
    </message>
    <message numerus="yes">
        <source>Connect %n cables</source>
        <translation>
            <numerusform>%n Kabel verbinden</numerusform>
            <numerusform>%n Kabel verbinden</numerusform>
        </translation>
    </message>
    <message>
        <source>Connect %1 and %2 (1 cable)</source>
        <translation>%1 und %2 verbinden (1 Kabel)</translation>
    </message>
    <message numerus="yes">
        <source>Connect %1 and %2 (%n cables)</source>
        <translation>
            <numerusform>%1 und %2 verbinden (%n Kabel)</numerusform>
            <numerusform>%1 und %2 verbinden (%n Kabel)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ClusterCalibration</name>
    <message>
        <source>Calibrate from Cluster</source>
        <translation>Aus dem Cluster kalibrieren</translation>
    </message>
    <message>
        <source>nccl-tests output: all_reduce_perf, all_gather_perf, reduce_scatter_perf, alltoall_perf (*.log *.txt *.out);;All files (*)</source>
        <translation>nccl-tests-Ausgabe: all_reduce_perf, all_gather_perf, reduce_scatter_perf, alltoall_perf (*.log *.txt *.out);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>Calibrating from %n file(s)...</source>
        <translation>
            <numerusform>Kalibriere aus %n Datei...</numerusform>
            <numerusform>Kalibriere aus %n Dateien...</numerusform>
        </translation>
    </message>
    <message>
        <source>network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %2 GPUs of %n host(s) (%3): bus bandwidth %4 measured, %5 in the catalog; smallest message %6 measured, %7 in the catalog. %8 efficiency %9 -&gt; %10.</source>
        <translation>
            <numerusform>%1 auf %2 GPUs von %n Host (%3): Busbandbreite %4 gemessen, %5 im Katalog; kleinste Nachricht %6 gemessen, %7 im Katalog. %8 Effizienz %9 -&gt; %10.</numerusform>
            <numerusform>%1 auf %2 GPUs von %n Hosts (%3): Busbandbreite %4 gemessen, %5 im Katalog; kleinste Nachricht %6 gemessen, %7 im Katalog. %8 Effizienz %9 -&gt; %10.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot Calibrate</source>
        <translation>Kalibrieren nicht möglich</translation>
    </message>
    <message>
        <source>The measurements were not applied to the project.</source>
        <translation>Die Messungen wurden nicht in das Projekt übernommen.</translation>
    </message>
    <message>
        <source>Calibrate from %1</source>
        <translation>Aus %1 kalibrieren</translation>
    </message>
    <message>
        <source>Calibrated from Cluster</source>
        <translation>Aus dem Cluster kalibriert</translation>
    </message>
    <message>
        <source>The project&apos;s network now runs at what the cluster measured; every analysis uses it. Undo restores the catalog&apos;s figures.</source>
        <translation>Das Netzwerk des Projekts läuft jetzt mit den im Cluster gemessenen Werten; jede Analyse verwendet sie. Rückgängig stellt die Werte des Katalogs wieder her.</translation>
    </message>
</context>
<context>
    <name>topoplan::ClusterScene</name>
    <message>
        <source>Core</source>
        <translation>Core</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>Spine</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>Leaf</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Rechenknoten</translation>
    </message>
    <message>
        <source>Empty: drop a switch here to make it a core switch</source>
        <translation>Leer: einen Switch hier ablegen, um ihn zum Core-Switch zu machen</translation>
    </message>
    <message>
        <source>Empty: drop a switch here to make it a spine switch</source>
        <translation>Leer: einen Switch hier ablegen, um ihn zum Spine-Switch zu machen</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n switch(es)</source>
        <translation>
            <numerusform>%n Switch</numerusform>
            <numerusform>%n Switches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ClusterView</name>
    <message>
        <source>&lt;b&gt;Canvas&lt;/b&gt;&lt;p&gt;The cluster: servers in the Compute lane, switches in their tier lanes above, NVLink domains as boxes, links coloured by kind with the cable count on bundles. Drag from the Hardware palette to add, press C for the Connect tool to cable two devices, drag to move, double-click to rename. Wheel zooms, the middle button or space + drag pans.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Zeichenfläche&lt;/b&gt;&lt;p&gt;Der Cluster: Server in der Bahn „Rechenknoten“, Switches in den Bahnen ihrer Ebenen darüber, NVLink-Domänen als Rahmen, Verbindungen nach Art eingefärbt, mit der Kabelanzahl an Bündeln. Zum Hinzufügen aus der Hardware-Palette ziehen, C drücken, um mit dem Werkzeug „Verbinden“ zwei Geräte zu verkabeln, zum Verschieben ziehen, zum Umbenennen doppelklicken. Das Mausrad zoomt, die mittlere Maustaste oder Leertaste + Ziehen verschiebt die Ansicht.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;font-size:large&apos;&gt;&lt;b&gt;This design is empty&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Drag a server or a switch from the &lt;b&gt;Hardware&lt;/b&gt; palette onto the canvas, then connect them with the Connect tool.&lt;/p&gt;&lt;p&gt;Or start from a ready cluster: &lt;b&gt;File &amp;gt; New&lt;/b&gt; opens the templates.&lt;/p&gt;&lt;p&gt;Help &amp;gt; Getting Started walks through the first five minutes.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;font-size:large&apos;&gt;&lt;b&gt;Dieser Entwurf ist leer&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Ziehen Sie einen Server oder einen Switch aus der Palette &lt;b&gt;Hardware&lt;/b&gt; auf die Zeichenfläche und verbinden Sie sie dann mit dem Werkzeug „Verbinden“.&lt;/p&gt;&lt;p&gt;Oder beginnen Sie mit einem fertigen Cluster: &lt;b&gt;Datei &amp;gt; Neu&lt;/b&gt; öffnet die Vorlagen.&lt;/p&gt;&lt;p&gt;Hilfe &amp;gt; Erste Schritte führt durch die ersten fünf Minuten.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>topoplan::CompareWindow</name>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Vergleichen</translation>
    </message>
    <message>
        <source>Compare Designs</source>
        <translation>Entwürfe vergleichen</translation>
    </message>
    <message>
        <source>The designs to compare; the first checked is the one the others are measured against</source>
        <translation>Die zu vergleichenden Entwürfe; der erste angehakte ist der Maßstab für die anderen</translation>
    </message>
    <message>
        <source>Add &amp;Files...</source>
        <translation>&amp;Dateien hinzufügen...</translation>
    </message>
    <message>
        <source>Add Designs</source>
        <translation>Entwürfe hinzufügen</translation>
    </message>
    <message>
        <source>TopoPlan projects (*.topoplan)</source>
        <translation>TopoPlan-Projekte (*.topoplan)</translation>
    </message>
    <message>
        <source>TP sweeps compared</source>
        <translation>TP-Sweeps im Vergleich</translation>
    </message>
    <message>
        <source>steps compared</source>
        <translation>Schritte im Vergleich</translation>
    </message>
    <message>
        <source>TP sweeps</source>
        <translation>TP-Sweeps</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>The job: %1, global batch %2, from %3. Each design gets the planner&apos;s best plan for it.</source>
        <translation>Der Auftrag: %1, globaler Batch %2, aus %3. Jeder Entwurf erhält dafür den besten Plan des Planers.</translation>
    </message>
    <message>
        <source>Open another design (or add a file) to compare with this one.</source>
        <translation>Einen weiteren Entwurf öffnen (oder eine Datei hinzufügen), um ihn mit diesem zu vergleichen.</translation>
    </message>
    <message>
        <source>Check at least two designs to compare.</source>
        <translation>Mindestens zwei Entwürfe zum Vergleichen anhaken.</translation>
    </message>
    <message numerus="yes">
        <source>Planning the job on %n designs...</source>
        <translation>
            <numerusform>Der Auftrag wird auf %n Entwurf geplant...</numerusform>
            <numerusform>Der Auftrag wird auf %n Entwürfen geplant...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2/%3/%4)</source>
        <translation>%1 (%2/%3/%4)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>TP %1 PP %2 DP %3 CP %4 EP %5, mb %6</source>
        <translation>TP %1 PP %2 DP %3 CP %4 EP %5, mb %6</translation>
    </message>
    <message>
        <source>%1 %2 on %3%4</source>
        <translation>%1 %2 über %3%4</translation>
    </message>
    <message>
        <source>, at %1</source>
        <translation>, bei %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Tensor-parallel width (GPUs)</source>
        <translation>Tensorparallele Breite (GPUs)</translation>
    </message>
    <message>
        <source>Best tokens/s per GPU</source>
        <translation>Beste Token/s pro GPU</translation>
    </message>
    <message>
        <source>%1 (domain %2)</source>
        <translation>%1 (Domäne %2)</translation>
    </message>
    <message>
        <source>the project&apos;s model</source>
        <translation>das Modell des Projekts</translation>
    </message>
</context>
<context>
    <name>topoplan::ConnectTool</name>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Press on a node or a switch and release on another to connect them.</source>
        <translation>Auf einem Knoten oder Switch drücken und auf einem anderen loslassen, um sie zu verbinden.</translation>
    </message>
</context>
<context>
    <name>topoplan::CostView</name>
    <message>
        <source>Capital cost &lt;b&gt;%1&lt;/b&gt;: compute %2, network %3 (%4; switches %5, optics %6, cables %7)</source>
        <translation>Investitionskosten &lt;b&gt;%1&lt;/b&gt;: Rechenknoten %2, Netz %3 (%4; Switches %5, Optiken %6, Kabel %7)</translation>
    </message>
    <message numerus="yes">
        <source>Capital cost: not stated, %n of %1 item(s) have no price (File &gt; Import Prices)</source>
        <translation>
            <numerusform>Investitionskosten: nicht angegeben, %n von %1 Posten hat keinen Preis (Datei &gt; Preise importieren)</numerusform>
            <numerusform>Investitionskosten: nicht angegeben, %n von %1 Posten haben keinen Preis (Datei &gt; Preise importieren)</numerusform>
        </translation>
    </message>
    <message>
        <source>IT load &lt;b&gt;%1&lt;/b&gt; (network %2)</source>
        <translation>IT-Last &lt;b&gt;%1&lt;/b&gt; (Netz %2)</translation>
    </message>
    <message numerus="yes">
        <source>; the catalog states no power for %n of %1 item(s)</source>
        <translation>
            <numerusform>; der Katalog nennt für %n von %1 Posten keine Leistung</numerusform>
            <numerusform>; der Katalog nennt für %n von %1 Posten keine Leistung</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 per MW</source>
        <translation>%1 je MW</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt; per million tokens (capital over %3 years plus energy)</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt; je Million Token (Kapital über %3 Jahre plus Energie)</translation>
    </message>
    <message>
        <source>no price: %1</source>
        <translation>kein Preis: %1</translation>
    </message>
    <message>
        <source>no power figure: %1</source>
        <translation>keine Leistungsangabe: %1</translation>
    </message>
    <message>
        <source>Growth: not computed: %1</source>
        <translation>Wachstum: nicht berechnet: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n scalable unit(s) of %1 leaves</source>
        <translation>
            <numerusform>%n Scalable Unit aus %1 Leaves</numerusform>
            <numerusform>%n Scalable Units aus %1 Leaves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n leaf(s)</source>
        <translation>
            <numerusform>%n Leaf</numerusform>
            <numerusform>%n Leaves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s)</source>
        <translation>
            <numerusform>%n Server</numerusform>
            <numerusform>%n Server</numerusform>
        </translation>
    </message>
    <message>
        <source>Growth: the %1s take %2 more (%3 GPUs) before a tier or a plane must be added; the limit: %4</source>
        <translation>Wachstum: die %1s nehmen %2 weitere auf (%3 GPUs), bevor eine Ebene der Fabric oder eine Plane hinzukommen muss; die Grenze: %4</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost and power&lt;/b&gt;&lt;p&gt;The design&apos;s parts as the bill of materials counts them: their power from the catalog&apos;s datasheet figures, their capital cost from the project&apos;s price book (File &gt; Import Prices; TopoPlan ships none). A part without a price or a power figure is named, never guessed. With energy and amortization in the book, the cost per million tokens is the capital spread over the years plus the energy of the IT load.&lt;/p&gt;&lt;p&gt;Growth: how many more units of leaves (with their servers) the top tier&apos;s free ports take, cabled as the existing ones, before a tier or a plane must be added.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Kosten und Leistung&lt;/b&gt;&lt;p&gt;Die Teile des Entwurfs, wie die Stückliste sie zählt: ihre Leistung aus den Datenblattwerten des Katalogs, ihre Investitionskosten aus dem Preisbuch des Projekts (Datei &gt; Preise importieren; TopoPlan liefert keines mit). Ein Teil ohne Preis oder Leistungsangabe wird genannt, nie geschätzt. Mit Energie und Abschreibung im Preisbuch sind die Kosten je Million Token das über die Jahre verteilte Kapital plus die Energie der IT-Last.&lt;/p&gt;&lt;p&gt;Wachstum: wie viele weitere Einheiten aus Leaves (mit ihren Servern) die freien Ports der obersten Ebene aufnehmen, verkabelt wie die vorhandenen, bevor eine Ebene oder eine Plane hinzukommen muss.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The cost, power and growth of the design appear once it can be analysed.</source>
        <translation>Kosten, Leistung und Wachstum des Entwurfs erscheinen, sobald er sich analysieren lässt.</translation>
    </message>
</context>
<context>
    <name>topoplan::DiagramDragHandle</name>
    <message>
        <source>Drag Diagram</source>
        <translation>Diagramm ziehen</translation>
    </message>
    <message>
        <source>Drag from here into another application to drop the diagram as SVG or PNG</source>
        <translation>Von hier in eine andere Anwendung ziehen, um das Diagramm als SVG oder PNG abzulegen</translation>
    </message>
</context>
<context>
    <name>topoplan::Document</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
</context>
<context>
    <name>topoplan::DocumentManager</name>
    <message>
        <source>TopoPlan projects (*.topoplan)</source>
        <translation>TopoPlan-Projekte (*.topoplan)</translation>
    </message>
    <message>
        <source>Opening %1...</source>
        <translation>%1 wird geöffnet...</translation>
    </message>
    <message>
        <source>Creating %1...</source>
        <translation>%1 wird erstellt...</translation>
    </message>
    <message>
        <source>Restoring %1...</source>
        <translation>%1 wird wiederhergestellt...</translation>
    </message>
    <message numerus="yes">
        <source>Opened what could be read of %1 (%n item(s) left out); save it under a new name</source>
        <translation>
            <numerusform>Der lesbare Teil von %1 wurde geöffnet (%n Element ausgelassen); unter neuem Namen speichern</numerusform>
            <numerusform>Der lesbare Teil von %1 wurde geöffnet (%n Elemente ausgelassen); unter neuem Namen speichern</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot Open Project</source>
        <translation>Projekt kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 could not be opened.</source>
        <translation>%1 konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Restored %1 as it was at %2</source>
        <translation>%1 wiederhergestellt, wie es um %2 war</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Importing %1...</source>
        <translation>%1 wird importiert...</translation>
    </message>
    <message>
        <source>Import Cluster</source>
        <translation>Cluster importieren</translation>
    </message>
    <message>
        <source>Cannot Import</source>
        <translation>Import nicht möglich</translation>
    </message>
    <message>
        <source>%1 could not be imported.</source>
        <translation>%1 konnte nicht importiert werden.</translation>
    </message>
    <message>
        <source>Imported %1: save it to keep it.</source>
        <translation>%1 importiert: zum Behalten speichern.</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>%1 importiert</translation>
    </message>
    <message>
        <source>Saving %1...</source>
        <translation>%1 wird gespeichert...</translation>
    </message>
    <message>
        <source>Cannot Save Project</source>
        <translation>Projekt kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>%1 could not be saved.</source>
        <translation>%1 konnte nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <source>TopoPlan projects (*.topoplan);;All files (*)</source>
        <translation>TopoPlan-Projekte (*.topoplan);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation>Projekt speichern unter</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The project &quot;%1&quot; has been modified.
Do you want to save your changes?</source>
        <translation>Das Projekt „%1“ wurde geändert.
Möchten Sie die Änderungen speichern?</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>&amp;Liste leeren</translation>
    </message>
    <message>
        <source>Cannot Import Hardware</source>
        <translation>Hardware kann nicht importiert werden</translation>
    </message>
    <message>
        <source>The hardware in %1 was not added to the project.</source>
        <translation>Die Hardware aus %1 wurde dem Projekt nicht hinzugefügt.</translation>
    </message>
    <message>
        <source>Import Hardware from %1</source>
        <translation>Hardware aus %1 importieren</translation>
    </message>
    <message numerus="yes">
        <source>Added %n hardware model(s) from %1 to the project.</source>
        <translation>
            <numerusform>%n Hardwaremodell aus %1 zum Projekt hinzugefügt.</numerusform>
            <numerusform>%n Hardwaremodelle aus %1 zum Projekt hinzugefügt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import Hardware</source>
        <translation>Hardware importieren</translation>
    </message>
    <message>
        <source>Hardware files in the catalog&apos;s format (*.json);;All files (*)</source>
        <translation>Hardwaredateien im Katalogformat (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cluster files: ibnetdiscover, NCCL topology, nvidia-smi topo -m, and hardware the catalog lacks (*.out *.txt *.topo *.xml *.log *.json);;All files (*)</source>
        <translation>Cluster-Dateien: ibnetdiscover, NCCL-Topologie, nvidia-smi topo -m und Hardware, die der Katalog nicht kennt (*.out *.txt *.topo *.xml *.log *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot Import Prices</source>
        <translation>Preise können nicht importiert werden</translation>
    </message>
    <message>
        <source>The prices in %1 were not added to the project.</source>
        <translation>Die Preise in %1 wurden dem Projekt nicht hinzugefügt.</translation>
    </message>
    <message>
        <source>Import Prices from %1</source>
        <translation>Preise aus %1 importieren</translation>
    </message>
    <message>
        <source>The project&apos;s prices are now those of %1.</source>
        <translation>Die Preise des Projekts sind jetzt die aus %1.</translation>
    </message>
    <message>
        <source>Import Prices</source>
        <translation>Preise importieren</translation>
    </message>
    <message>
        <source>Price files in the catalog&apos;s format (*.json);;All files (*)</source>
        <translation>Preisdateien im Katalogformat (*.json);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>topoplan::DropController</name>
    <message>
        <source>The catalog has no server model &quot;%1&quot;.</source>
        <translation>Der Katalog kennt kein Servermodell „%1“.</translation>
    </message>
    <message>
        <source>The catalog has no switch model &quot;%1&quot;.</source>
        <translation>Der Katalog kennt kein Switch-Modell „%1“.</translation>
    </message>
    <message>
        <source>Not added: %1.</source>
        <translation>Nicht hinzugefügt: %1.</translation>
    </message>
</context>
<context>
    <name>topoplan::EditingActions</name>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Ausschneiden</translation>
    </message>
    <message>
        <source>Copy the selection and its inner links, then delete it</source>
        <translation>Die Auswahl mit ihren inneren Verbindungen kopieren und dann löschen</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the selection with the links inside it</source>
        <translation>Die Auswahl mit den Verbindungen darin kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Add the copied items beside the drawing, with new ids</source>
        <translation>Die kopierten Elemente neben der Zeichnung einfügen, mit neuen IDs</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>&amp;Duplizieren</translation>
    </message>
    <message>
        <source>Copy the selection beside itself</source>
        <translation>Die Auswahl daneben kopieren</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Delete the selection and the links at it</source>
        <translation>Die Auswahl und ihre Verbindungen löschen</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>Rename the selected item on the canvas</source>
        <translation>Das ausgewählte Element auf der Zeichenfläche umbenennen</translation>
    </message>
    <message>
        <source>&amp;Find...</source>
        <translation>&amp;Suchen...</translation>
    </message>
    <message>
        <source>Find a node, switch, domain or link by name or id</source>
        <translation>Einen Knoten, Switch, eine Domäne oder Verbindung nach Name oder ID suchen</translation>
    </message>
    <message>
        <source>&amp;Replicate...</source>
        <translation>&amp;Vervielfältigen...</translation>
    </message>
    <message>
        <source>Copy the selection into a grid of rows and columns</source>
        <translation>Die Auswahl in ein Raster aus Zeilen und Spalten kopieren</translation>
    </message>
    <message>
        <source>Add &amp;Fabric...</source>
        <translation>&amp;Fabric hinzufügen...</translation>
    </message>
    <message>
        <source>Generate leaf, spine and core switches for the selected nodes</source>
        <translation>Leaf-, Spine- und Core-Switches für die ausgewählten Knoten erzeugen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Arrange</source>
        <translation>A&amp;nordnen</translation>
    </message>
    <message>
        <source>F&amp;abric</source>
        <translation>F&amp;abric</translation>
    </message>
    <message>
        <source>&amp;Properties</source>
        <translation>&amp;Eigenschaften</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Select nodes, switches or NVLink domains to copy</source>
        <translation>Knoten, Switches oder NVLink-Domänen zum Kopieren auswählen</translation>
    </message>
    <message>
        <source>Cut %1</source>
        <translation>%1 ausschneiden</translation>
    </message>
    <message numerus="yes">
        <source>Cut %n Items</source>
        <translation>
            <numerusform>%n Element ausschneiden</numerusform>
            <numerusform>%n Elemente ausschneiden</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Items</source>
        <translation>
            <numerusform>%n Element löschen</numerusform>
            <numerusform>%n Elemente löschen</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot paste: %1</source>
        <translation>Einfügen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Paste 1 Item</source>
        <translation>1 Element einfügen</translation>
    </message>
    <message numerus="yes">
        <source>Paste %n Items</source>
        <translation>
            <numerusform>%n Element einfügen</numerusform>
            <numerusform>%n Elemente einfügen</numerusform>
        </translation>
    </message>
    <message>
        <source>Duplicate 1 Item</source>
        <translation>1 Element duplizieren</translation>
    </message>
    <message numerus="yes">
        <source>Duplicate %n Items</source>
        <translation>
            <numerusform>%n Element duplizieren</numerusform>
            <numerusform>%n Elemente duplizieren</numerusform>
        </translation>
    </message>
    <message>
        <source>Select one node, switch or NVLink domain to rename</source>
        <translation>Einen Knoten, Switch oder eine NVLink-Domäne zum Umbenennen auswählen</translation>
    </message>
    <message>
        <source>Cannot replicate: %1</source>
        <translation>Vervielfältigen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Replicate Selection Once</source>
        <translation>Auswahl einmal vervielfältigen</translation>
    </message>
    <message numerus="yes">
        <source>Replicate Selection %n Times</source>
        <translation>
            <numerusform>Auswahl %n-mal vervielfältigen</numerusform>
            <numerusform>Auswahl %n-mal vervielfältigen</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot add the fabric: %1</source>
        <translation>Fabric kann nicht hinzugefügt werden: %1</translation>
    </message>
    <message>
        <source>Add Fabric of 1 Switch</source>
        <translation>Fabric aus 1 Switch hinzufügen</translation>
    </message>
    <message numerus="yes">
        <source>Add Fabric of %n Switches</source>
        <translation>
            <numerusform>Fabric aus %n Switch hinzufügen</numerusform>
            <numerusform>Fabric aus %n Switches hinzufügen</numerusform>
        </translation>
    </message>
    <message>
        <source>Every node is cabled already; remove links before adding a fabric</source>
        <translation>Alle Knoten sind schon verkabelt; vor dem Hinzufügen einer Fabric Verbindungen entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n item(s)</source>
        <translation>
            <numerusform>%n Element kopiert</numerusform>
            <numerusform>%n Elemente kopiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n link(s) inside them</source>
        <translation>
            <numerusform>%1 und %n Verbindung darin</numerusform>
            <numerusform>%1 und %n Verbindungen darin</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ExploreDock</name>
    <message>
        <source>Explore Designs</source>
        <translation>Entwürfe erkunden</translation>
    </message>
    <message>
        <source>Explore</source>
        <translation>Erkunden</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The GPU count every design is built for; by default the design&apos;s own</source>
        <translation>Die GPU-Anzahl, für die jeder Entwurf aufgebaut wird; standardmäßig die des Entwurfs</translation>
    </message>
    <message>
        <source>as designed (100000)</source>
        <translation>wie im Entwurf (100000)</translation>
    </message>
    <message>
        <source>e.g. 15T</source>
        <translation>z. B. 15T</translation>
    </message>
    <message>
        <source>Tokens to train (15T, 1.5e13, 800B): the table then gives the days each design takes</source>
        <translation>Zu trainierende Token (15T, 1.5e13, 800B): die Tabelle zeigt dann, wie viele Tage jeder Entwurf braucht</translation>
    </message>
    <message>
        <source>NVLink domains</source>
        <translation>NVLink-Domänen</translation>
    </message>
    <message>
        <source>Fabrics</source>
        <translation>Fabrics</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>Überbuchung</translation>
    </message>
    <message>
        <source>Leaf switch</source>
        <translation>Leaf-Switch</translation>
    </message>
    <message>
        <source>Build every combination of the chosen domains, fabrics and oversubscriptions and plan the job on each</source>
        <translation>Jede Kombination der gewählten Domänen, Fabrics und Überbuchungen aufbauen und den Auftrag auf jeder planen</translation>
    </message>
    <message>
        <source>%v of %m designs</source>
        <translation>%v von %m Entwürfen</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPUs:</translation>
    </message>
    <message>
        <source>Token budget:</source>
        <translation>Token-Budget:</translation>
    </message>
    <message>
        <source>Which design runs this job best? Choose the axes and press Explore: every combination is built, planned and compared.</source>
        <translation>Welcher Entwurf führt diesen Auftrag am besten aus? Die Achsen wählen und „Erkunden“ drücken: jede Kombination wird aufgebaut, geplant und verglichen.</translation>
    </message>
    <message>
        <source>Domain size</source>
        <translation>Domänengröße</translation>
    </message>
    <message>
        <source>tokens per GPU by NVLink domain</source>
        <translation>Token pro GPU nach NVLink-Domäne</translation>
    </message>
    <message>
        <source>tokens by oversubscription</source>
        <translation>Token nach Überbuchung</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>Switches</translation>
    </message>
    <message>
        <source>tokens against switches</source>
        <translation>Token gegenüber Switches</translation>
    </message>
    <message>
        <source>%1 (%2-GPU domain)</source>
        <translation>%1 (Domäne mit %2 GPUs)</translation>
    </message>
    <message>
        <source>%1 in %2-GPU domains</source>
        <translation>%1 in Domänen mit %2 GPUs</translation>
    </message>
    <message>
        <source>%1, fewest tiers</source>
        <translation>%1, wenigste Ebenen</translation>
    </message>
    <message>
        <source>%1:1</source>
        <translation>%1:1</translation>
    </message>
    <message>
        <source>Default for the NICs&apos; speed</source>
        <translation>Standard für die NIC-Geschwindigkeit</translation>
    </message>
    <message>
        <source>%1 (%2 x %3G)</source>
        <translation>%1 (%2 x %3G)</translation>
    </message>
    <message>
        <source>as designed (%1)</source>
        <translation>wie im Entwurf (%1)</translation>
    </message>
    <message>
        <source>as designed</source>
        <translation>wie im Entwurf</translation>
    </message>
    <message>
        <source>Choose a model to train first (Analysis panel): the explorer plans that job on every design.</source>
        <translation>Zuerst ein Modell zum Trainieren wählen (Bereich „Analyse“): die Erkundung plant diesen Auftrag auf jedem Entwurf.</translation>
    </message>
    <message>
        <source>The design has no GPUs yet: set the GPU count to explore.</source>
        <translation>Der Entwurf hat noch keine GPUs: zum Erkunden die GPU-Anzahl setzen.</translation>
    </message>
    <message>
        <source>Token budget &quot;%1&quot;: expected a positive count such as 15T, 800B or 1.5e13.</source>
        <translation>Token-Budget „%1“: erwartet wird eine positive Anzahl wie 15T, 800B oder 1.5e13.</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>Wird abgebrochen...</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after evaluating %1 of %n design(s).</source>
        <translation>
            <numerusform>Abgebrochen: %1 von %n Entwurf ausgewertet.</numerusform>
            <numerusform>Abgebrochen: %1 von %n Entwürfen ausgewertet.</numerusform>
        </translation>
    </message>
    <message>
        <source>NVLink domain (GPUs)</source>
        <translation>NVLink-Domäne (GPUs)</translation>
    </message>
    <message>
        <source>Best tokens/s per GPU</source>
        <translation>Beste Token/s pro GPU</translation>
    </message>
    <message>
        <source>Leaf oversubscription (downlinks : uplinks)</source>
        <translation>Leaf-Überbuchung (Downlinks : Uplinks)</translation>
    </message>
    <message>
        <source>Tokens/s (%1)</source>
        <translation>Token/s (%1)</translation>
    </message>
    <message>
        <source>Designs</source>
        <translation>Entwürfe</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <source>What the Pareto front and the verdict weigh tokens/s against</source>
        <translation>Womit die Pareto-Front und das Urteil die Token/s abwägen</translation>
    </message>
    <message>
        <source>Against:</source>
        <translation>Gegen:</translation>
    </message>
    <message>
        <source>%1, 64 of each %2 GPUs run the job</source>
        <translation>%1, 64 von je %2 GPUs führen den Auftrag aus</translation>
    </message>
    <message numerus="yes">
        <source>Building and planning %n designs of about %1 GPUs...</source>
        <translation>
            <numerusform>%n Entwurf mit etwa %1 GPUs wird gebaut und geplant...</numerusform>
            <numerusform>%n Entwürfe mit etwa %1 GPUs werden gebaut und geplant...</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>Token/s je GPU</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>Token/s je GPU</translation>
    </message>
    <message>
        <source>Switches per 1000 GPUs</source>
        <translation>Switches je 1000 GPUs</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>%1 je GPU</translation>
    </message>
    <message>
        <source>Capital cost per GPU (thousands)</source>
        <translation>Investitionskosten je GPU (Tausend)</translation>
    </message>
    <message>
        <source>Planes</source>
        <translation>Ebenen</translation>
    </message>
    <message>
        <source>One fabric</source>
        <translation>Eine Fabric</translation>
    </message>
    <message numerus="yes">
        <source>%n planes</source>
        <translation>
            <numerusform>%n Ebene</numerusform>
            <numerusform>%n Ebenen</numerusform>
        </translation>
    </message>
    <message>
        <source>Tick at least one NVLink domain, one fabric, one number of planes, one oversubscription and one leaf switch.</source>
        <translation>Mindestens eine NVLink-Domäne, eine Fabric, eine Anzahl Ebenen, eine Überbuchung und einen Leaf-Switch anhaken.</translation>
    </message>
</context>
<context>
    <name>topoplan::ExploreModel</name>
    <message>
        <source>Not evaluated yet.</source>
        <translation>Noch nicht ausgewertet.</translation>
    </message>
    <message>
        <source>%1
Best plan: TP %2, PP %3, DP %4, CP %5, EP %6; micro-batch %7, interleave %8, recompute %9</source>
        <translation>%1
Bester Plan: TP %2, PP %3, DP %4, CP %5, EP %6; Mikro-Batch %7, Interleave %8, Neuberechnung %9</translation>
    </message>
    <message>
        <source>%1 (%2 per GPU), MFU %3, step %4</source>
        <translation>%1 (%2 pro GPU), MFU %3, Schritt %4</translation>
    </message>
    <message>
        <source>Waiting to be evaluated.</source>
        <translation>Wartet auf Auswertung.</translation>
    </message>
    <message>
        <source>%1 (%2/%3/%4)</source>
        <translation>%1 (%2/%3/%4)</translation>
    </message>
    <message>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <source>...</source>
        <translation>...</translation>
    </message>
    <message>
        <source>TP %1 PP %2 DP %3</source>
        <translation>TP %1 PP %2 DP %3</translation>
    </message>
    <message>
        <source> CP %1</source>
        <translation> CP %1</translation>
    </message>
    <message>
        <source> EP %1</source>
        <translation> EP %1</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <source>NVLink domain</source>
        <translation>NVLink-Domäne</translation>
    </message>
    <message>
        <source>Switches (L/S/C)</source>
        <translation>Switches (L/S/C)</translation>
    </message>
    <message>
        <source>Cables</source>
        <translation>Kabel</translation>
    </message>
    <message>
        <source>Server power</source>
        <translation>Serverleistung</translation>
    </message>
    <message>
        <source>Best plan</source>
        <translation>Bester Plan</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Token/s</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>Server model (and NVLink domain size), fabric, leaf oversubscription</source>
        <translation>Servermodell (und Größe der NVLink-Domäne), Fabric, Leaf-Überbuchung</translation>
    </message>
    <message>
        <source>GPUs in the largest NVLink domain</source>
        <translation>GPUs in der größten NVLink-Domäne</translation>
    </message>
    <message>
        <source>Switches in total (leaf / spine / core)</source>
        <translation>Switches insgesamt (Leaf / Spine / Core)</translation>
    </message>
    <message>
        <source>Cables of the scale-out fabric</source>
        <translation>Kabel der Scale-out-Fabric</translation>
    </message>
    <message>
        <source>The planner&apos;s best plan of the job on this design</source>
        <translation>Der beste Plan des Planers für den Auftrag auf diesem Entwurf</translation>
    </message>
    <message>
        <source>Projected training throughput of the best plan</source>
        <translation>Prognostizierter Trainingsdurchsatz des besten Plans</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>Token/s pro GPU</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation</source>
        <translation>Auslastung der Modell-FLOPs</translation>
    </message>
    <message>
        <source>Time of one training step</source>
        <translation>Dauer eines Trainingsschritts</translation>
    </message>
    <message>
        <source>Days to train the token budget</source>
        <translation>Tage, um das Token-Budget zu trainieren</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>GPUs running the job: the count asked, or the nearest below and above it that the domain builds (then designs are compared per GPU)</source>
        <translation>GPUs, die den Auftrag ausführen: die verlangte Anzahl oder die nächstliegenden darunter und darüber, die die Domäne baut (dann werden Entwürfe je GPU verglichen)</translation>
    </message>
    <message>
        <source>On the Pareto front of tokens/s against the chosen metric: nothing is faster with as little of it</source>
        <translation>Auf der Pareto-Front der Token/s gegen die gewählte Größe: nichts ist mit so wenig davon schneller</translation>
    </message>
    <message>
        <source>IT load</source>
        <translation>IT-Last</translation>
    </message>
    <message>
        <source>Capital cost</source>
        <translation>Investitionskosten</translation>
    </message>
    <message>
        <source>The servers&apos; maximum power from the catalog&apos;s datasheet figures</source>
        <translation>Die Maximalleistung der Server nach den Datenblattwerten des Katalogs</translation>
    </message>
    <message>
        <source>Servers, switches and transceivers at the catalog&apos;s power figures; &quot;-&quot; where a part has none</source>
        <translation>Server, Switches und Transceiver mit den Leistungswerten des Katalogs; „-“, wo einem Teil einer fehlt</translation>
    </message>
    <message>
        <source>Every part at the project&apos;s price book (File &gt; Import Prices); &quot;-&quot; where a part has no price</source>
        <translation>Jedes Teil zum Preisbuch des Projekts (Datei &gt; Preise importieren); „-“, wo einem Teil der Preis fehlt</translation>
    </message>
</context>
<context>
    <name>topoplan::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Diagram: SVG drawing</source>
        <translation>Diagramm: SVG-Zeichnung</translation>
    </message>
    <message>
        <source>Diagram: PDF document</source>
        <translation>Diagramm: PDF-Dokument</translation>
    </message>
    <message>
        <source>Diagram: PNG image</source>
        <translation>Diagramm: PNG-Bild</translation>
    </message>
    <message>
        <source>Diagram: JPEG image</source>
        <translation>Diagramm: JPEG-Bild</translation>
    </message>
    <message>
        <source>Design report: PDF</source>
        <translation>Entwurfsbericht: PDF</translation>
    </message>
    <message>
        <source>Design report: HTML page</source>
        <translation>Entwurfsbericht: HTML-Seite</translation>
    </message>
    <message>
        <source>Whole design</source>
        <translation>Ganzer Entwurf</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Visible area</source>
        <translation>Sichtbarer Bereich</translation>
    </message>
    <message>
        <source>Link legend and group summary</source>
        <translation>Verbindungslegende und Gruppenübersicht</translation>
    </message>
    <message>
        <source>Title block: model and plan, tokens/s, date</source>
        <translation>Schriftfeld: Modell und Plan, Token/s, Datum</translation>
    </message>
    <message>
        <source>White background (for print)</source>
        <translation>Weißer Hintergrund (für den Druck)</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation>&amp;Umfang:</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>Preview:</source>
        <translation>Vorschau:</translation>
    </message>
    <message>
        <source>Preparing the preview...</source>
        <translation>Vorschau wird vorbereitet...</translation>
    </message>
    <message numerus="yes">
        <source>... %n more lines</source>
        <translation>
            <numerusform>... %n weitere Zeile</numerusform>
            <numerusform>... %n weitere Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1-Dateien (*.%2)</translation>
    </message>
</context>
<context>
    <name>topoplan::FailuresDock</name>
    <message>
        <source>Link</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Server NIC</source>
        <translation>Server-NIC</translation>
    </message>
    <message>
        <source>N-1 Failures</source>
        <translation>N-1-Ausfälle</translation>
    </message>
    <message>
        <source>Run N-1</source>
        <translation>N-1 ausführen</translation>
    </message>
    <message>
        <source>Fail every switch, link bundle and server NIC in turn and rank them by the throughput the plan loses</source>
        <translation>Jeden Switch, jedes Verbindungsbündel und jede Server-NIC nacheinander ausfallen lassen und nach dem Durchsatzverlust des Plans ordnen</translation>
    </message>
    <message>
        <source>Which single failure costs the plan most? Run N-1 to rank every switch, link bundle and server NIC.</source>
        <translation>Welcher einzelne Ausfall kostet den Plan am meisten? „N-1 ausführen“ ordnet jeden Switch, jedes Verbindungsbündel und jede Server-NIC ein.</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Tokens/s lost</source>
        <translation>Verlorene Token/s</translation>
    </message>
    <message>
        <source>Group hit</source>
        <translation>Betroffene Gruppe</translation>
    </message>
    <message>
        <source>GB/s intact → failed</source>
        <translation>GB/s intakt → ausgefallen</translation>
    </message>
    <message>
        <source>New bottleneck</source>
        <translation>Neuer Engpass</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>Wird abgebrochen...</translation>
    </message>
    <message>
        <source>Choose a model to train first: N-1 ranks failures by the throughput the plan loses.</source>
        <translation>Zuerst ein Modell zum Trainieren wählen: N-1 ordnet Ausfälle nach dem Durchsatzverlust des Plans.</translation>
    </message>
    <message>
        <source>Failing each element in turn: %1 of %2 analysed...</source>
        <translation>Jedes Element fällt nacheinander aus: %1 von %2 analysiert...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Failing each element in turn...</source>
        <translation>Jedes Element fällt nacheinander aus...</translation>
    </message>
    <message>
        <source>N-1 needs a plan that runs: %1</source>
        <translation>N-1 braucht einen lauffähigen Plan: %1</translation>
    </message>
    <message>
        <source>no path</source>
        <translation>kein Pfad</translation>
    </message>
    <message>
        <source>Cancelled: only part of the elements were analysed. </source>
        <translation>Abgebrochen: nur ein Teil der Elemente wurde analysiert. </translation>
    </message>
    <message>
        <source>The design changed since: run N-1 again.</source>
        <translation>Der Entwurf hat sich seitdem geändert: N-1 erneut ausführen.</translation>
    </message>
    <message>
        <source>Plan TP %1, PP %2, DP %3: %4 tokens/s intact. %5 of %6 elements cost throughput when they fail; %7 cost less than 0.01 %.</source>
        <translation>Plan TP %1, PP %2, DP %3: %4 Token/s intakt. %5 von %6 Elementen kosten bei Ausfall Durchsatz; %7 kosten weniger als 0,01 %.</translation>
    </message>
    <message>
        <source>as %1</source>
        <translation>wie %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln element(s) took the figures of one alike, analysed: the fabric and the plan&apos;s groups look the same from both.</source>
        <translation>
            <numerusform>%Ln Element übernahm die Zahlen eines gleichartigen, analysierten: Fabric und Gruppen des Plans sehen von beiden gleich aus.</numerusform>
            <numerusform>%Ln Elemente übernahmen die Zahlen eines gleichartigen, analysierten: Fabric und Gruppen des Plans sehen von beiden gleich aus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 und %Ln weiteres</numerusform>
            <numerusform>%1 und %Ln weitere</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::FindBar</name>
    <message>
        <source>Find by name or id</source>
        <translation>Nach Name oder ID suchen</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>Vorheriger Treffer (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>Nächster Treffer (Eingabe)</translation>
    </message>
    <message>
        <source>Close (Escape)</source>
        <translation>Schließen (Esc)</translation>
    </message>
    <message>
        <source>No match</source>
        <translation>Kein Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>topoplan::FloorView</name>
    <message>
        <source>Row %1</source>
        <translation>Reihe %1</translation>
    </message>
    <message>
        <source>%1: network rack, row %2, position %3</source>
        <translation>%1: Netzwerk-Rack, Reihe %2, Platz %3</translation>
    </message>
    <message>
        <source>%1: server rack, row %2, position %3</source>
        <translation>%1: Server-Rack, Reihe %2, Platz %3</translation>
    </message>
    <message>
        <source> (placed by hand)</source>
        <translation> (von Hand gestellt)</translation>
    </message>
</context>
<context>
    <name>topoplan::HelpMenu</name>
    <message>
        <source>&amp;Getting Started</source>
        <translation>&amp;Erste Schritte</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>User &amp;Manual</source>
        <translation>Benutzer&amp;handbuch</translation>
    </message>
    <message>
        <source>The first five minutes: a template, a plan, the groups, the explorer, the report</source>
        <translation>Die ersten fünf Minuten: eine Vorlage, ein Plan, die Gruppen, der Explorer, der Bericht</translation>
    </message>
    <message>
        <source>Every keyboard shortcut of this window</source>
        <translation>Alle Tastenkürzel dieses Fensters</translation>
    </message>
    <message>
        <source>The manual that comes with TopoPlan</source>
        <translation>Das mit TopoPlan gelieferte Handbuch</translation>
    </message>
    <message>
        <source>Getting Started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Manual for This &amp;Panel</source>
        <translation>Handbuch zu diesem &amp;Bereich</translation>
    </message>
    <message>
        <source>The page of the manual about the panel in use</source>
        <translation>Die Seite des Handbuchs zum gerade benutzten Bereich</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;a href=&quot;%1%2&quot;&gt;More in the manual&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;a href=&quot;%1%2&quot;&gt;Mehr im Handbuch&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;The first five minutes&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Open a template.&lt;/b&gt; &lt;i&gt;File &amp;gt; New&lt;/i&gt; shows the templates: pick one (a DGX H100 scalable unit, GB200 NVL72 racks, ...) and press &lt;i&gt;Create&lt;/i&gt;. The canvas shows its servers in the Compute lane, the leaf and spine switches in lanes above, and the NVLink domains as boxes.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Choose a model and a plan.&lt;/b&gt; In the &lt;i&gt;Analysis&lt;/i&gt; panel at the bottom, choose a model under &lt;i&gt;Training job&lt;/i&gt;, then set TP, PP and DP under &lt;i&gt;Plan&lt;/i&gt; yourself, or press &lt;i&gt;Find Best Plan&lt;/i&gt;. Your plan stays until you change it.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Read the groups.&lt;/b&gt; The &lt;i&gt;Projection&lt;/i&gt; shows tokens/s and, for every parallel group, the interconnect it runs on, its bus bandwidth and its slowest link; select a row to see the group on the canvas. The &lt;i&gt;TP Sweep&lt;/i&gt; tab shows where tokens/s falls off the NVLink domain. Click a diagnostic to select what it names.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Explore designs.&lt;/b&gt; &lt;i&gt;View &amp;gt; Explore Designs...&lt;/i&gt;: tick the NVLink domains, fabrics and oversubscriptions to try and press &lt;i&gt;Explore&lt;/i&gt;. Every combination is built and planned in the background; the verdict says which design wins and by how much. Double-click a row to open that design, and &lt;i&gt;View &amp;gt; Compare Designs...&lt;/i&gt; sets open designs side by side. &lt;i&gt;Pin as Baseline&lt;/i&gt; shows every later edit against today&apos;s result.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Change the design.&lt;/b&gt; Drag servers and switches from the &lt;i&gt;Hardware&lt;/i&gt; palette (a switch takes the tier of the lane it lands in), connect them with the Connect tool (C), edit names and tiers in &lt;i&gt;Properties&lt;/i&gt;. Every edit is one undo step and the analysis follows.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Export the report.&lt;/b&gt; &lt;i&gt;File &amp;gt; Export Report...&lt;/i&gt; writes the design report (PDF or HTML): the diagram, the plan, every group&apos;s bandwidth and bottleneck, the diagnostics and the bill of materials. &lt;i&gt;File &amp;gt; Export...&lt;/i&gt; writes the diagram and the other documents (bill of materials, cabling plan, Slurm topology, ...); press &lt;i&gt;Export&lt;/i&gt;. &lt;i&gt;File &amp;gt; Save&lt;/i&gt; keeps the project.&lt;/p&gt;&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Press Shift+F1 (or &lt;i&gt;Help &amp;gt; What&apos;s This?&lt;/i&gt;) and click a panel to learn what it shows. &lt;i&gt;Help &amp;gt; Keyboard Shortcuts&lt;/i&gt; lists every shortcut; &lt;i&gt;Help &amp;gt; User Manual&lt;/i&gt; has the rest, and &lt;i&gt;Help &amp;gt; Manual for This Panel&lt;/i&gt; its page for the panel in use.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Die ersten fünf Minuten&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Eine Vorlage öffnen.&lt;/b&gt; &lt;i&gt;Datei &amp;gt; Neu&lt;/i&gt; zeigt die Vorlagen: eine auswählen (eine DGX-H100-Scalable-Unit, GB200-NVL72-Racks, ...) und &lt;i&gt;Erstellen&lt;/i&gt; drücken. Die Zeichenfläche zeigt die Server in der Bahn „Rechenknoten“, die Leaf- und Spine-Switches in den Bahnen darüber und die NVLink-Domänen als Rahmen.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Ein Modell und einen Plan wählen.&lt;/b&gt; Im Bereich &lt;i&gt;Analyse&lt;/i&gt; unten unter &lt;i&gt;Trainingsauftrag&lt;/i&gt; ein Modell wählen, dann unter &lt;i&gt;Plan&lt;/i&gt; TP, PP und DP selbst setzen oder &lt;i&gt;Besten Plan finden&lt;/i&gt; drücken. Ihr Plan bleibt bestehen, bis Sie ihn ändern.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Die Gruppen ablesen.&lt;/b&gt; Die &lt;i&gt;Prognose&lt;/i&gt; zeigt die Token/s und für jede parallele Gruppe die Verbindungstechnik, über die sie läuft, ihre Busbandbreite und ihre langsamste Verbindung; eine Zeile auswählen, um die Gruppe auf der Zeichenfläche zu sehen. Der Reiter &lt;i&gt;TP-Sweep&lt;/i&gt; zeigt, wo die Token/s jenseits der NVLink-Domäne einbrechen. Ein Klick auf eine Diagnose wählt aus, was sie nennt.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Entwürfe erkunden.&lt;/b&gt; &lt;i&gt;Ansicht &amp;gt; Entwürfe erkunden...&lt;/i&gt;: die NVLink-Domänen, Fabrics und Überbuchungen ankreuzen, die verglichen werden sollen, und &lt;i&gt;Erkunden&lt;/i&gt; drücken. Jede Kombination wird im Hintergrund gebaut und geplant; das Urteil sagt, welcher Entwurf gewinnt und um wie viel. Ein Doppelklick auf eine Zeile öffnet diesen Entwurf, und &lt;i&gt;Ansicht &amp;gt; Entwürfe vergleichen...&lt;/i&gt; stellt offene Entwürfe nebeneinander. &lt;i&gt;Als Referenz festlegen&lt;/i&gt; zeigt jede spätere Änderung gegenüber dem heutigen Ergebnis.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Den Entwurf ändern.&lt;/b&gt; Server und Switches aus der Palette &lt;i&gt;Hardware&lt;/i&gt; ziehen (ein Switch übernimmt die Ebene der Bahn, in der er landet), mit dem Werkzeug „Verbinden“ (C) verkabeln, Namen und Ebenen unter &lt;i&gt;Eigenschaften&lt;/i&gt; bearbeiten. Jede Änderung ist ein Rückgängig-Schritt, und die Analyse zieht nach.&lt;/p&gt;&lt;/li&gt;&lt;li&gt;&lt;p&gt;&lt;b&gt;Den Bericht exportieren.&lt;/b&gt; &lt;i&gt;Datei &amp;gt; Bericht exportieren...&lt;/i&gt; schreibt den Entwurfsbericht (PDF oder HTML): das Diagramm, den Plan, Bandbreite und Engpass jeder Gruppe, die Diagnosen und die Stückliste. &lt;i&gt;Datei &amp;gt; Exportieren...&lt;/i&gt; schreibt das Diagramm und die anderen Dokumente (Stückliste, Verkabelungsplan, Slurm-Topologie, ...); &lt;i&gt;Exportieren&lt;/i&gt; drücken. &lt;i&gt;Datei &amp;gt; Speichern&lt;/i&gt; sichert das Projekt.&lt;/p&gt;&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Umschalt+F1 drücken (oder &lt;i&gt;Hilfe &amp;gt; Direkthilfe&lt;/i&gt;) und auf einen Bereich klicken, um zu erfahren, was er zeigt. &lt;i&gt;Hilfe &amp;gt; Tastenkürzel&lt;/i&gt; listet alle Tastenkürzel auf; &lt;i&gt;Hilfe &amp;gt; Benutzerhandbuch&lt;/i&gt; enthält den Rest und &lt;i&gt;Hilfe &amp;gt; Handbuch zu diesem Bereich&lt;/i&gt; seine Seite zum gerade benutzten Bereich.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>topoplan::InspectorDock</name>
    <message>
        <source>Mixed</source>
        <translation>Gemischt</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>Leaf</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>Spine</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>Core</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Management</source>
        <translation>Verwaltung</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Tier:</source>
        <translation>Ebene:</translation>
    </message>
    <message>
        <source>Fabric role:</source>
        <translation>Fabric-Rolle:</translation>
    </message>
    <message>
        <source>NVLink domain:</source>
        <translation>NVLink-Domäne:</translation>
    </message>
    <message>
        <source>Medium:</source>
        <translation>Medium:</translation>
    </message>
    <message>
        <source>Cables:</source>
        <translation>Kabel:</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>Nicht geändert: %1</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Nichts ausgewählt</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>NVLink domain</source>
        <translation>NVLink-Domäne</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Switch</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n nodes selected</source>
        <translation>
            <numerusform>%n Knoten ausgewählt</numerusform>
            <numerusform>%n Knoten ausgewählt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n switches selected</source>
        <translation>
            <numerusform>%n Switch ausgewählt</numerusform>
            <numerusform>%n Switches ausgewählt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n links selected</source>
        <translation>
            <numerusform>%n Verbindung ausgewählt</numerusform>
            <numerusform>%n Verbindungen ausgewählt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NVLink domains selected</source>
        <translation>
            <numerusform>%n NVLink-Domäne ausgewählt</numerusform>
            <numerusform>%n NVLink-Domänen ausgewählt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n items selected</source>
        <translation>
            <numerusform>%n Element ausgewählt</numerusform>
            <numerusform>%n Elemente ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Failed (what-if)</source>
        <translation>Ausgefallen (Was-wäre-wenn)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Properties&lt;/b&gt;&lt;p&gt;The name, model and settings of what is selected on the canvas. An edit here is one undo step; one the engine refuses is explained in red below the fields.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Eigenschaften&lt;/b&gt;&lt;p&gt;Name, Modell und Einstellungen dessen, was auf der Zeichenfläche ausgewählt ist. Jede Änderung hier ist ein Rückgängig-Schritt; lehnt TopoPlan eine Änderung ab, steht die Begründung rot unter den Feldern.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Left out of the analysis, which routes around it, until repaired</source>
        <translation>Bis zur Reparatur von der Analyse ausgenommen; das Routing umgeht es</translation>
    </message>
    <message>
        <source>The ports each end takes, as the project file counts them; rail n is a server&apos;s NIC n-1</source>
        <translation>Die Ports, die jedes Ende belegt, wie die Projektdatei sie zählt; Rail n ist die NIC n-1 eines Servers</translation>
    </message>
    <message>
        <source>Ports:</source>
        <translation>Ports:</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>The NVLink domain box the selected trays belong to</source>
        <translation>Der NVLink-Domänen-Rahmen, zu dem die ausgewählten Trays gehören</translation>
    </message>
    <message>
        <source>The NVLink domain box the selected trays belong to; the domains they cannot join are not offered (%1)</source>
        <translation>Der NVLink-Domänen-Rahmen, zu dem die ausgewählten Trays gehören; Domänen, denen sie nicht beitreten können, werden nicht angeboten (%1)</translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> GPUs</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>Not stated</source>
        <translation>Nicht angegeben</translation>
    </message>
    <message>
        <source>The GPUs the domain&apos;s NVLink switches join: 36 for an NVL36 rack, 72 for an NVL72. Trays beyond it are refused; fewer is a rack being filled. Not stated: up to what the NVLink generation joins (%1 GPUs). The members hold %2 GPUs now.</source>
        <translation>Die GPUs, die die NVLink-Switches der Domäne verbinden: 36 für ein NVL36-Rack, 72 für ein NVL72. Weitere Trays werden abgelehnt; weniger ist ein Rack im Aufbau. Nicht angegeben: bis zu dem, was die NVLink-Generation verbindet (%1 GPUs). Die Mitglieder haben jetzt %2 GPUs.</translation>
    </message>
    <message numerus="yes">
        <source>Change %n link(s) to %1 too</source>
        <translation>
            <numerusform>Auch %n Verbindung auf %1 ändern</numerusform>
            <numerusform>Auch %n Verbindungen auf %1 ändern</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm Model</source>
        <translation>Modell bestätigen</translation>
    </message>
    <message>
        <source>The import took this model from what the files show (a fabric dump shows NICs, not GPUs). Confirm it once you know the servers hold it, or choose the right model above: either ends the warning.</source>
        <translation>Der Import hat dieses Modell aus dem abgeleitet, was die Dateien zeigen (ein Fabric-Abzug zeigt NICs, keine GPUs). Bestätigen Sie es, sobald Sie wissen, dass die Server es enthalten, oder wählen Sie oben das richtige Modell: beides beendet die Warnung.</translation>
    </message>
    <message>
        <source>Model assumed by the import</source>
        <translation>Modell vom Import angenommen</translation>
    </message>
    <message numerus="yes">
        <source>Model assumed by the import for %n of these servers</source>
        <translation>
            <numerusform>Modell vom Import angenommen für %n dieser Server</numerusform>
            <numerusform>Modell vom Import angenommen für %n dieser Server</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::JobEditor</name>
    <message>
        <source>Training job</source>
        <translation>Trainingsauftrag</translation>
    </message>
    <message>
        <source>The transformer to train: a preset, or the project&apos;s own</source>
        <translation>Der zu trainierende Transformer: eine Vorlage oder das Modell des Projekts</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>Sequences per optimizer step</source>
        <translation>Sequenzen je Optimiererschritt</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>Selektiv</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>Vollständig</translation>
    </message>
    <message>
        <source>m&amp;icro:</source>
        <translation>M&amp;ikro:</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>&amp;Batch:</translation>
    </message>
    <message>
        <source>&amp;Recompute:</source>
        <translation>&amp;Neuberechnung:</translation>
    </message>
    <message>
        <source>&amp;Software:</source>
        <translation>&amp;Software:</translation>
    </message>
    <message>
        <source>E&amp;xperts:</source>
        <translation>E&amp;xperten:</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>Data-parallel width; auto: GPUs / (TP x CP x PP)</source>
        <translation>Datenparallele Breite; auto: GPUs / (TP x CP x PP)</translation>
    </message>
    <message>
        <source>&amp;Plan:</source>
        <translation>&amp;Plan:</translation>
    </message>
    <message>
        <source>Find &amp;Best Plan</source>
        <translation>&amp;Besten Plan finden</translation>
    </message>
    <message>
        <source>Try every valid TP, CP, EP, PP, DP, micro-batch, interleave and recompute for this model on this cluster and apply the fastest that fits in memory</source>
        <translation>Jede gültige Kombination aus TP, CP, EP, PP, DP, Mikro-Batch, Interleave und Neuberechnung für dieses Modell auf diesem Cluster ausprobieren und die schnellste übernehmen, die in den Speicher passt</translation>
    </message>
    <message>
        <source>Megatron-Core (default)</source>
        <translation>Megatron-Core (Standard)</translation>
    </message>
    <message>
        <source>Megatron-Core</source>
        <translation>Megatron-Core</translation>
    </message>
    <message>
        <source>Megatron-LM 2021</source>
        <translation>Megatron-LM 2021</translation>
    </message>
    <message>
        <source>Current Megatron-Core fuses attention and overlaps the gradient reduction, parameter gather and pipeline sends; the Megatron-LM of 2021 did not</source>
        <translation>Das aktuelle Megatron-Core fusioniert die Attention und überlappt Gradientenreduktion, Parameter-Gather und Pipeline-Transfers; das Megatron-LM von 2021 tat das nicht</translation>
    </message>
    <message>
        <source>Gradients: as the software does</source>
        <translation>Gradienten: wie die Software</translation>
    </message>
    <message>
        <source>Gradients in FP32</source>
        <translation>Gradienten in FP32</translation>
    </message>
    <message>
        <source>Gradients in BF16</source>
        <translation>Gradienten in BF16</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP-Überlappung</translation>
    </message>
    <message>
        <source>Tensor-parallel all-gathers and reduce-scatters pipelined with the GEMMs that use them (Megatron-Core tp_comm_overlap)</source>
        <translation>Tensorparallele All-Gathers und Reduce-Scatters im Pipelining mit den GEMMs, die sie nutzen (Megatron-Core tp_comm_overlap)</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP-Überlappung</translation>
    </message>
    <message>
        <source>The experts&apos; dispatch and combine of one micro-batch run behind another&apos;s compute (DeepSeek-V3&apos;s DualPipe)</source>
        <translation>Dispatch und Combine der Experten eines Mikro-Batches laufen hinter der Berechnung eines anderen (DualPipe von DeepSeek-V3)</translation>
    </message>
    <message>
        <source>FSDP</source>
        <translation>FSDP</translation>
    </message>
    <message>
        <source>Fully sharded data parallelism: weights and gradients sharded over the data-parallel GPUs, weights gathered layer by layer</source>
        <translation>Vollständig geshardete Datenparallelität: Gewichte und Gradienten auf die datenparallelen GPUs verteilt, Gewichte Schicht für Schicht gesammelt</translation>
    </message>
    <message>
        <source>The first layers keep the dense MLP (DeepSeek-V3: 3)</source>
        <translation>Die ersten Schichten behalten das dichte MLP (DeepSeek-V3: 3)</translation>
    </message>
    <message>
        <source>Of the other layers, every n-th has experts (1: all of them)</source>
        <translation>Von den übrigen Schichten hat jede n-te Experten (1: alle)</translation>
    </message>
    <message>
        <source>Experts every token passes through besides its routed ones, computed where the token is</source>
        <translation>Experten, die jedes Token zusätzlich zu seinen gerouteten durchläuft, berechnet dort, wo das Token liegt</translation>
    </message>
    <message>
        <source>dense first:</source>
        <translation>erste dichte:</translation>
    </message>
    <message>
        <source>every n-th:</source>
        <translation>jede n-te:</translation>
    </message>
    <message>
        <source>shared:</source>
        <translation>gemeinsame:</translation>
    </message>
    <message>
        <source>Choose a model...</source>
        <translation>Modell wählen...</translation>
    </message>
    <message>
        <source>The project&apos;s model</source>
        <translation>Das Modell des Projekts</translation>
    </message>
    <message>
        <source>%1 (project)</source>
        <translation>%1 (Projekt)</translation>
    </message>
    <message>
        <source>Train %1</source>
        <translation>%1 trainieren</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>%1 auf %2 setzen</translation>
    </message>
    <message>
        <source>Change Training Settings</source>
        <translation>Trainingseinstellungen ändern</translation>
    </message>
    <message>
        <source>Change the Experts&apos; Layers</source>
        <translation>Expertenschichten ändern</translation>
    </message>
    <message>
        <source>Planning...</source>
        <translation>Wird geplant...</translation>
    </message>
    <message numerus="yes">
        <source>No plan of %n tried fits in memory on this cluster</source>
        <translation>
            <numerusform>Der eine versuchte Plan passt auf diesem Cluster nicht in den Speicher</numerusform>
            <numerusform>Keiner der %n versuchten Pläne passt auf diesem Cluster in den Speicher</numerusform>
        </translation>
    </message>
    <message>
        <source>Apply Best Plan</source>
        <translation>Besten Plan übernehmen</translation>
    </message>
    <message numerus="yes">
        <source>Best of %n valid plan(s) that fit: TP %1, PP %2, DP %3 at %4</source>
        <translation>
            <numerusform>Der %n gültige Plan, der passt: TP %1, PP %2, DP %3 bei %4</numerusform>
            <numerusform>Bester von %n gültigen Plänen, die passen: TP %1, PP %2, DP %3 bei %4</numerusform>
        </translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>GPUs of each NVLink domain that take ranks, as recipes place them (e.g. 64 of a 72-GPU rack); all: every GPU in order</source>
        <translation>GPUs jeder NVLink-Domäne, die Ranks übernehmen, wie Rezepte sie platzieren (z. B. 64 eines 72-GPU-Racks); alle: jede GPU der Reihe nach</translation>
    </message>
    <message>
        <source>per domain</source>
        <translation>pro Domäne</translation>
    </message>
    <message>
        <source>NVLS</source>
        <translation>NVLS</translation>
    </message>
    <message>
        <source>NVLink SHARP: all-reduces inside an NVLink domain reduced in the NVSwitch where it can (NCCL&apos;s default)</source>
        <translation>NVLink SHARP: All-Reduces innerhalb einer NVLink-Domäne werden im NVSwitch reduziert, wo er es kann (Standard von NCCL)</translation>
    </message>
    <message>
        <source>IB SHARP</source>
        <translation>IB SHARP</translation>
    </message>
    <message>
        <source>InfiniBand SHARP: the network part of all-reduces reduced in the switches where every switch has it (NCCL&apos;s SHARP plugin)</source>
        <translation>InfiniBand SHARP: der Netzwerkanteil von All-Reduces wird in den Switches reduziert, wenn jeder Switch es beherrscht (SHARP-Plugin von NCCL)</translation>
    </message>
    <message>
        <source>Set GPUs per Domain to %1</source>
        <translation>GPUs pro Domäne auf %1 setzen</translation>
    </message>
    <message>
        <source>Place Ranks on Every GPU</source>
        <translation>Ranks auf jede GPU legen</translation>
    </message>
    <message>
        <source>The number type in which gradients are accumulated and reduced across the data-parallel GPUs; it sets their memory and the data-parallel traffic</source>
        <translation>Der Zahlentyp, in dem Gradienten über die datenparallelen GPUs akkumuliert und reduziert werden; er bestimmt ihren Speicherbedarf und den datenparallelen Verkehr</translation>
    </message>
    <message>
        <source>FP8, current scaling</source>
        <translation>FP8, aktuelle Skalierung</translation>
    </message>
    <message>
        <source>Each tensor scaled by its own maximum, found by one more pass over it before the cast (Transformer Engine&apos;s Float8CurrentScaling); plain FP8 takes the scale from earlier steps</source>
        <translation>Jeder Tensor wird mit seinem eigenen Maximum skaliert, das ein weiterer Durchlauf vor der Umwandlung findet (Float8CurrentScaling der Transformer Engine); einfaches FP8 nimmt die Skalierung aus früheren Schritten</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>Sequenzparallel</translation>
    </message>
    <message>
        <source>TP&apos;s all-reduces split into all-gathers and reduce-scatters, and the activations between them sharded over the TP group (Megatron sequence parallelism)</source>
        <translation>Die All-Reduces von TP werden in All-Gathers und Reduce-Scatters geteilt und die Aktivierungen dazwischen über die TP-Gruppe verteilt (Megatron-Sequenzparallelität)</translation>
    </message>
    <message>
        <source>Distributed optimizer</source>
        <translation>Verteilter Optimierer</translation>
    </message>
    <message>
        <source>The optimizer state sharded over the data-parallel GPUs: gradients are reduce-scattered and weights all-gathered instead of all-reduced (ZeRO-1)</source>
        <translation>Der Optimiererzustand über die datenparallelen GPUs verteilt: Gradienten werden per Reduce-Scatter und Gewichte per All-Gather statt per All-Reduce übertragen (ZeRO-1)</translation>
    </message>
    <message>
        <source>ML&amp;A:</source>
        <translation>ML&amp;A:</translation>
    </message>
    <message>
        <source>Multi-head latent attention (DeepSeek-V2 and V3): keys and values projected up from a shared latent</source>
        <translation>Multi-Head Latent Attention (DeepSeek-V2 und V3): Keys und Values werden aus einem gemeinsamen Latentvektor hochprojiziert</translation>
    </message>
    <message>
        <source>query rank:</source>
        <translation>Query-Rang:</translation>
    </message>
    <message>
        <source>Width of the latent the queries are projected up from (q_lora_rank; 0: from the hidden state)</source>
        <translation>Breite des Latentvektors, aus dem die Queries hochprojiziert werden (q_lora_rank; 0: aus dem Hidden State)</translation>
    </message>
    <message>
        <source>KV rank:</source>
        <translation>KV-Rang:</translation>
    </message>
    <message>
        <source>Width of the latent the keys and values are projected up from (kv_lora_rank): what the tensor-parallel all-gather carries and the inference cache keeps</source>
        <translation>Breite des Latentvektors, aus dem Keys und Values hochprojiziert werden (kv_lora_rank): was der tensorparallele All-Gather überträgt und der Inferenz-Cache hält</translation>
    </message>
    <message>
        <source>head:</source>
        <translation>Kopf:</translation>
    </message>
    <message>
        <source>A head&apos;s query and key width without the rotary part (qk_nope_head_dim)</source>
        <translation>Query- und Key-Breite eines Kopfes ohne den Rotationsanteil (qk_nope_head_dim)</translation>
    </message>
    <message>
        <source>rotary:</source>
        <translation>Rotation:</translation>
    </message>
    <message>
        <source>The rotary part of a head&apos;s query and key (qk_rope_head_dim)</source>
        <translation>Der Rotationsanteil von Query und Key eines Kopfes (qk_rope_head_dim)</translation>
    </message>
    <message>
        <source>value:</source>
        <translation>Value:</translation>
    </message>
    <message>
        <source>A head&apos;s value and context width (v_head_dim)</source>
        <translation>Value- und Kontextbreite eines Kopfes (v_head_dim)</translation>
    </message>
    <message>
        <source>Change the Latent Attention</source>
        <translation>Latent Attention ändern</translation>
    </message>
    <message>
        <source>Ro&amp;uting:</source>
        <translation>Ro&amp;uting:</translation>
    </message>
    <message>
        <source>Where a mixture-of-experts layer sends its tokens, and how</source>
        <translation>Wohin eine Mixture-of-Experts-Schicht ihre Token schickt, und wie</translation>
    </message>
    <message>
        <source>The experts fall into this many groups in order, and a token&apos;s experts come from its best groups only (DeepSeek-V3: 8). Laid over the expert-parallel GPUs in order, this bounds the nodes a token is sent to</source>
        <translation>Die Experten bilden der Reihe nach so viele Gruppen, und die Experten eines Tokens stammen nur aus seinen besten Gruppen (DeepSeek-V3: 8). Der Reihe nach auf die expertenparallelen GPUs gelegt, begrenzt das die Knoten, an die ein Token geht</translation>
    </message>
    <message>
        <source>The groups a token&apos;s experts come from (DeepSeek-V3: 4, &quot;at most 4 nodes&quot;)</source>
        <translation>Die Gruppen, aus denen die Experten eines Tokens stammen (DeepSeek-V3: 4, „höchstens 4 Knoten“)</translation>
    </message>
    <message>
        <source>Per expert (all-to-all)</source>
        <translation>Je Experte (All-to-All)</translation>
    </message>
    <message>
        <source>Per node (DeepEP)</source>
        <translation>Je Knoten (DeepEP)</translation>
    </message>
    <message>
        <source>Per node, FP8 (DeepEP)</source>
        <translation>Je Knoten, FP8 (DeepEP)</translation>
    </message>
    <message>
        <source>Per expert: every routed copy of a token goes straight to its expert&apos;s GPU (NCCL&apos;s all-to-all, Megatron-Core&apos;s default). Per node: one copy per other node over the network, spread over NVLink there, on 20 SMs (DeepEP, DeepSeek-V3); in FP8, the dispatch carries a byte a value</source>
        <translation>Je Experte: jede geroutete Kopie eines Tokens geht direkt zur GPU ihres Experten (All-to-All von NCCL, Standard von Megatron-Core). Je Knoten: eine Kopie je anderem Knoten über das Netzwerk, dort über NVLink verteilt, auf 20 SMs (DeepEP, DeepSeek-V3); in FP8 überträgt der Dispatch ein Byte je Wert</translation>
    </message>
    <message>
        <source>groups:</source>
        <translation>Gruppen:</translation>
    </message>
    <message>
        <source>of them:</source>
        <translation>davon:</translation>
    </message>
    <message>
        <source>dispatch:</source>
        <translation>Dispatch:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Change the Expert Routing</source>
        <translation>Experten-Routing ändern</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>What selective recomputation computes again in the backward instead of keeping (Megatron-Core&apos;s recompute_modules)</source>
        <translation>Was die selektive Neuberechnung im Backward neu berechnet, statt es zu behalten (recompute_modules von Megatron-Core)</translation>
    </message>
    <message>
        <source>Attention core (core_attn)</source>
        <translation>Attention-Kern (core_attn)</translation>
    </message>
    <message>
        <source>Latent up-projections (mla_up_proj)</source>
        <translation>Latente Hochprojektionen (mla_up_proj)</translation>
    </message>
    <message>
        <source>Norms (layernorm)</source>
        <translation>Normen (layernorm)</translation>
    </message>
    <message>
        <source>Experts&apos; activation (moe_act)</source>
        <translation>Aktivierung der Experten (moe_act)</translation>
    </message>
    <message>
        <source> layers</source>
        <translation> Schichten</translation>
    </message>
    <message>
        <source>Activation offloading: what the first layers keep for their backward is copied to host memory during the forward and back before the backward (Megatron-Core cpu_offloading). Less GPU memory, at the pace of the GPU&apos;s link to its CPU (NVLink-C2C on Grace, PCIe elsewhere); needs no recomputation and no pipeline parallelism</source>
        <translation>Auslagern der Aktivierungen: was die ersten Schichten für ihren Rückwärtsdurchlauf behalten, wird während des Vorwärtsdurchlaufs in den Hauptspeicher kopiert und vor dem Rückwärtsdurchlauf zurückgeholt (Megatron-Core cpu_offloading). Weniger GPU-Speicher, im Tempo der Verbindung der GPU zu ihrer CPU (NVLink-C2C bei Grace, sonst PCIe); verlangt keine Neuberechnung und keine Pipeline-Parallelität</translation>
    </message>
    <message>
        <source>o&amp;ffload:</source>
        <translation>a&amp;uslagern:</translation>
    </message>
</context>
<context>
    <name>topoplan::MainWindow</name>
    <message>
        <source>Zoom %1 %</source>
        <translation>Zoom %1 %</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>Ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>Open a project file</source>
        <translation>Eine Projektdatei öffnen</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>Speichern &amp;unter...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig:</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen:</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>&amp;About TopoPlan</source>
        <translation>Ü&amp;ber TopoPlan</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>%1[*] — TopoPlan</source>
        <translation>%1[*] — TopoPlan</translation>
    </message>
    <message>
        <source>Cannot count the topology: %1</source>
        <translation>Die Topologie kann nicht gezählt werden: %1</translation>
    </message>
    <message>
        <source>GPUs: %1 · Nodes: %2 · NVLink domains: %3 · Switches: %4 leaf, %5 spine, %6 core · Links / cables: %7 / %8</source>
        <translation>GPUs: %1 · Knoten: %2 · NVLink-Domänen: %3 · Switches: %4 Leaf, %5 Spine, %6 Core · Verbindungen / Kabel: %7 / %8</translation>
    </message>
    <message>
        <source>About TopoPlan</source>
        <translation>Über TopoPlan</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TopoPlan %1&lt;/h3&gt;&lt;p&gt;Plan GPU training clusters: NVLink domains, InfiniBand and Ethernet fabrics, and the parallelism that runs on them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TopoPlan %1&lt;/h3&gt;&lt;p&gt;GPU-Trainingscluster planen: NVLink-Domänen, InfiniBand- und Ethernet-Fabrics und die Parallelisierung, die darauf läuft.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <source>Select every node, switch, domain and link</source>
        <translation>Alle Knoten, Switches, Domänen und Verbindungen auswählen</translation>
    </message>
    <message>
        <source>Zoom to &amp;Selection</source>
        <translation>Auf &amp;Auswahl zoomen</translation>
    </message>
    <message>
        <source>Show the selected items as large as they fit</source>
        <translation>Die ausgewählten Elemente so groß wie möglich zeigen</translation>
    </message>
    <message>
        <source>&amp;Tool</source>
        <translation>&amp;Werkzeug</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Start a project: empty or from a template</source>
        <translation>Ein Projekt beginnen: leer oder aus einer Vorlage</translation>
    </message>
    <message>
        <source>Pre&amp;ferences...</source>
        <translation>&amp;Einstellungen...</translation>
    </message>
    <message>
        <source>Autosave, theme, grid and the fabric that Add Fabric proposes</source>
        <translation>Automatisches Speichern, Farben, Raster und die Fabric, die „Fabric hinzufügen“ vorschlägt</translation>
    </message>
    <message>
        <source>Show Analysis on &amp;Canvas</source>
        <translation>Analyse auf der &amp;Zeichenfläche zeigen</translation>
    </message>
    <message>
        <source>Group bandwidths in the corner, the TP group outlined, bottleneck links marked</source>
        <translation>Gruppenbandbreiten in der Ecke, die TP-Gruppe umrandet, Engpassverbindungen markiert</translation>
    </message>
    <message>
        <source>Exporting %1...</source>
        <translation>%1 wird exportiert...</translation>
    </message>
    <message>
        <source>Cannot Export Diagram</source>
        <translation>Diagramm kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>&amp;Export...</source>
        <translation>&amp;Exportieren...</translation>
    </message>
    <message>
        <source>Export the diagram, the design report or a file for other tools (bill of materials, cabling, Slurm, draw.io, ...)</source>
        <translation>Das Diagramm, den Entwurfsbericht oder eine Datei für andere Werkzeuge exportieren (Stückliste, Verkabelung, Slurm, draw.io, ...)</translation>
    </message>
    <message>
        <source>Export &amp;Report...</source>
        <translation>Be&amp;richt exportieren...</translation>
    </message>
    <message>
        <source>Write the design report: diagram, summary, plan, group bandwidths, diagnostics, charts, bill of materials and sources, as PDF or HTML</source>
        <translation>Den Entwurfsbericht schreiben: Diagramm, Übersicht, Plan, Gruppenbandbreiten, Diagnosen, Grafiken, Stückliste und Quellen, als PDF oder HTML</translation>
    </message>
    <message>
        <source>&amp;Import...</source>
        <translation>&amp;Importieren...</translation>
    </message>
    <message>
        <source>Start from the real cluster: ibnetdiscover output, NCCL topology XML or nvidia-smi topo -m</source>
        <translation>Vom realen Cluster ausgehen: Ausgabe von ibnetdiscover, NCCL-Topologie-XML oder nvidia-smi topo -m</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>&amp;Präsentation</translation>
    </message>
    <message>
        <source>Full screen for a workshop: the canvas, the key figures and the step chart in large type; Esc leaves</source>
        <translation>Vollbild für einen Workshop: Zeichenfläche, Kennzahlen und Schrittgrafik in großer Schrift; Esc beendet</translation>
    </message>
    <message>
        <source>Leave Presentation</source>
        <translation>Präsentation beenden</translation>
    </message>
    <message>
        <source>&amp;Compare Designs...</source>
        <translation>Entwürfe &amp;vergleichen...</translation>
    </message>
    <message>
        <source>The same job on this design and the other open ones (or files): deltas, TP sweeps and steps side by side</source>
        <translation>Derselbe Auftrag auf diesem und den anderen geöffneten Entwürfen (oder Dateien): Abweichungen, TP-Sweeps und Schritte nebeneinander</translation>
    </message>
    <message>
        <source>&amp;Explore Designs...</source>
        <translation>Entwürfe e&amp;rkunden...</translation>
    </message>
    <message>
        <source>Which design runs this job best? Compare NVLink domains, fabrics and oversubscription</source>
        <translation>Welcher Entwurf führt diesen Auftrag am besten aus? NVLink-Domänen, Fabrics und Überbuchung vergleichen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Writing the report %1...</source>
        <translation>Bericht %1 wird geschrieben...</translation>
    </message>
    <message>
        <source>Cannot Export Report</source>
        <translation>Bericht kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Wrote the report %1</source>
        <translation>Bericht %1 geschrieben</translation>
    </message>
    <message>
        <source>Opened from the explorer: %1. Save it to keep it.</source>
        <translation>Aus der Erkundung geöffnet: %1. Zum Behalten speichern.</translation>
    </message>
    <message>
        <source>Presentation</source>
        <translation>Präsentation</translation>
    </message>
    <message>
        <source>Choose a model to train first: the comparison plans that job on every design.</source>
        <translation>Zuerst ein Modell zum Trainieren wählen: der Vergleich plant diesen Auftrag auf jedem Entwurf.</translation>
    </message>
    <message>
        <source>The language changes when TopoPlan starts next</source>
        <translation>Die Sprache wechselt beim nächsten Start von TopoPlan</translation>
    </message>
    <message>
        <source>Project &amp;Properties...</source>
        <translation>Projekt&amp;eigenschaften...</translation>
    </message>
    <message>
        <source>Name, revision and description of the design, and the hosts&apos; naming pattern</source>
        <translation>Name, Revision und Beschreibung des Entwurfs und das Namensmuster der Hosts</translation>
    </message>
    <message>
        <source>Import &amp;Hardware...</source>
        <translation>&amp;Hardware importieren...</translation>
    </message>
    <message>
        <source>Add GPUs, servers, switches and links the catalog lacks, from a file in the catalog&apos;s format, to this project</source>
        <translation>GPUs, Server, Switches und Verbindungen, die dem Katalog fehlen, aus einer Datei im Katalogformat diesem Projekt hinzufügen</translation>
    </message>
    <message>
        <source>Import Pri&amp;ces...</source>
        <translation>Prei&amp;se importieren...</translation>
    </message>
    <message>
        <source>Price the design: a price book in the catalog&apos;s format (servers, switches, transceivers, cables, energy, amortization) becomes this project&apos;s</source>
        <translation>Den Entwurf bepreisen: ein Preisbuch im Katalogformat (Server, Switches, Transceiver, Kabel, Energie, Abschreibung) wird das dieses Projekts</translation>
    </message>
    <message>
        <source>Calibrate from C&amp;luster...</source>
        <translation>Am C&amp;luster kalibrieren...</translation>
    </message>
    <message>
        <source>Fit the network to what your cluster measured: nccl-tests output (all_reduce_perf, all_gather_perf, alltoall_perf), shown against the catalog</source>
        <translation>Das Netzwerk an die Messungen Ihres Clusters anpassen: nccl-tests-Ausgabe (all_reduce_perf, all_gather_perf, alltoall_perf), neben den Werten des Katalogs</translation>
    </message>
</context>
<context>
    <name>topoplan::ManualDialog</name>
    <message>
        <source>TopoPlan Manual</source>
        <translation>TopoPlan-Handbuch</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vor</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>%1 - TopoPlan Manual</source>
        <translation>%1 - TopoPlan-Handbuch</translation>
    </message>
</context>
<context>
    <name>topoplan::MiniMap</name>
    <message>
        <source>The whole design: click or drag to show that part</source>
        <translation>Der ganze Entwurf: Klicken oder Ziehen zeigt diesen Teil</translation>
    </message>
</context>
<context>
    <name>topoplan::PaletteDock</name>
    <message>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <source>Search hardware</source>
        <translation>Hardware suchen</translation>
    </message>
    <message>
        <source>NVLink domain</source>
        <translation>NVLink-Domäne</translation>
    </message>
    <message>
        <source>&lt;b&gt;NVLink domain&lt;/b&gt;&lt;br&gt;A box for compute trays whose NVLink leaves the tray (GB200): the trays dropped into it share one NVLink fabric.</source>
        <translation>&lt;b&gt;NVLink-Domäne&lt;/b&gt;&lt;br&gt;Ein Rahmen für Compute-Trays, deren NVLink das Tray verlässt (GB200): die hineingezogenen Trays teilen sich ein NVLink-Netz.</translation>
    </message>
    <message>
        <source>Unknown switch model &quot;%1&quot;</source>
        <translation>Unbekanntes Switch-Modell „%1“</translation>
    </message>
    <message>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>Ethernet with RoCE</source>
        <translation>Ethernet mit RoCE</translation>
    </message>
    <message>
        <source>Ethernet (no RDMA)</source>
        <translation>Ethernet (ohne RDMA)</translation>
    </message>
    <message>
        <source>%1 ports at %2</source>
        <translation>%1 Ports mit %2</translation>
    </message>
    <message>
        <source>Unknown server model &quot;%1&quot;</source>
        <translation>Unbekanntes Servermodell „%1“</translation>
    </message>
    <message>
        <source>%1 GPUs: %2</source>
        <translation>%1 GPUs: %2</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>%1 pro GPU</translation>
    </message>
    <message>
        <source>%1 compute NICs at %2</source>
        <translation>%1 Compute-NICs mit %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hardware&lt;/b&gt;&lt;p&gt;Every server, compute tray, rack and switch of the catalog. Drag one onto the canvas: a switch takes the tier of the lane it lands in (the empty dashed lanes make a spine or core switch), a tray dropped in an NVLink domain box joins it. Type in the search field to narrow the list.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Hardware&lt;/b&gt;&lt;p&gt;Alle Server, Compute-Trays, Racks und Switches des Katalogs. Einen davon auf die Zeichenfläche ziehen: ein Switch übernimmt die Ebene der Bahn, in der er landet (die leeren gestrichelten Bahnen machen ihn zum Spine- oder Core-Switch), ein in einem NVLink-Domänen-Rahmen abgelegtes Tray wird Teil dieser Domäne. Im Suchfeld tippen, um die Liste einzugrenzen.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>topoplan::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Editor</source>
        <translation>Editor</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>How often unsaved changes are written to a recovery file, which TopoPlan offers to restore after a crash.</source>
        <translation>Wie oft ungespeicherte Änderungen in eine Wiederherstellungsdatei geschrieben werden, die TopoPlan nach einem Absturz anbietet.</translation>
    </message>
    <message>
        <source>&amp;Autosave every:</source>
        <translation>&amp;Automatisch speichern alle:</translation>
    </message>
    <message>
        <source>&amp;Colours:</source>
        <translation>&amp;Farben:</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>No snapping</source>
        <translation>Kein Einrasten</translation>
    </message>
    <message>
        <source>Moved items snap to a grid of this size (at 100 % zoom).</source>
        <translation>Verschobene Elemente rasten in einem Raster dieser Größe ein (bei 100 % Zoom).</translation>
    </message>
    <message>
        <source>&amp;Grid:</source>
        <translation>&amp;Raster:</translation>
    </message>
    <message>
        <source>New fabrics</source>
        <translation>Neue Fabrics</translation>
    </message>
    <message>
        <source>What &quot;Add fabric&quot; proposes for the selected nodes.</source>
        <translation>Was „Fabric hinzufügen“ für die ausgewählten Knoten vorschlägt.</translation>
    </message>
    <message>
        <source>Rail-optimized</source>
        <translation>Rail-optimiert</translation>
    </message>
    <message>
        <source>Fat tree</source>
        <translation>Fat Tree</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>&amp;Design:</source>
        <translation>&amp;Aufbau:</translation>
    </message>
    <message>
        <source>2 (leaf, spine)</source>
        <translation>2 (Leaf, Spine)</translation>
    </message>
    <message>
        <source>3 (leaf, spine, core)</source>
        <translation>3 (Leaf, Spine, Core)</translation>
    </message>
    <message>
        <source>&amp;Tiers:</source>
        <translation>&amp;Ebenen:</translation>
    </message>
    <message>
        <source>Leaf downlinks per uplink; 1 is non-blocking.</source>
        <translation>Leaf-Downlinks je Uplink; 1 ist blockierungsfrei.</translation>
    </message>
    <message>
        <source>&amp;Oversubscription:</source>
        <translation>Ü&amp;berbuchung:</translation>
    </message>
    <message>
        <source>Matching the NIC speed</source>
        <translation>Passend zur NIC-Geschwindigkeit</translation>
    </message>
    <message>
        <source>Same as the leaves</source>
        <translation>Wie die Leaves</translation>
    </message>
    <message>
        <source>%1 (%2 x %3)</source>
        <translation>%1 (%2 x %3)</translation>
    </message>
    <message>
        <source>&amp;Leaf switches:</source>
        <translation>&amp;Leaf-Switches:</translation>
    </message>
    <message>
        <source>&amp;Spine and core switches:</source>
        <translation>&amp;Spine- und Core-Switches:</translation>
    </message>
    <message>
        <source> : 1</source>
        <comment>oversubscription ratio, downlinks : uplinks</comment>
        <translation> : 1</translation>
    </message>
    <message>
        <source>Your name, for the design report</source>
        <translation>Ihr Name, für den Entwurfsbericht</translation>
    </message>
    <message>
        <source>A&amp;uthor:</source>
        <translation>A&amp;utor:</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>As the system (%1)</source>
        <translation>Wie das System (%1)</translation>
    </message>
    <message>
        <source>The language of menus, panels and messages. It changes when TopoPlan starts next.</source>
        <translation>Die Sprache von Menüs, Bereichen und Meldungen. Sie wechselt beim nächsten Start von TopoPlan.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>S&amp;prache:</translation>
    </message>
    <message>
        <source>The name an exported design report prints as its author.</source>
        <translation>Der Name, den ein exportierter Entwurfsbericht als Autor nennt.</translation>
    </message>
</context>
<context>
    <name>topoplan::PresentationPanel</name>
    <message>
        <source>Choose a model and a plan to see the projection.</source>
        <translation>Ein Modell und einen Plan wählen, um die Prognose zu sehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 per GPU &amp;middot; MFU %3 &amp;middot; step %4&lt;br&gt;%5 on %6 GPUs: TP %7, PP %8, DP %9, CP %10, EP %11</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 pro GPU &amp;middot; MFU %3 &amp;middot; Schritt %4&lt;br&gt;%5 auf %6 GPUs: TP %7, PP %8, DP %9, CP %10, EP %11</translation>
    </message>
    <message>
        <source>Against %1: %2</source>
        <translation>Gegenüber %1: %2</translation>
    </message>
    <message>
        <source>No warnings.</source>
        <translation>Keine Warnungen.</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): see the analysis panel.</source>
        <translation>
            <numerusform>%n Warnung: siehe Bereich „Analyse“.</numerusform>
            <numerusform>%n Warnungen: siehe Bereich „Analyse“.</numerusform>
        </translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>Dieser Plan</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referenz</translation>
    </message>
</context>
<context>
    <name>topoplan::ProjectDialog</name>
    <message>
        <source>Project Properties</source>
        <translation>Projekteigenschaften</translation>
    </message>
    <message>
        <source>for example B or 2.1</source>
        <translation>zum Beispiel B oder 2.1</translation>
    </message>
    <message>
        <source>for example dgx[001-128]; empty: the node names</source>
        <translation>zum Beispiel dgx[001-128]; leer: die Knotennamen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Revision:</source>
        <translation>&amp;Revision:</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>&amp;Beschreibung:</translation>
    </message>
    <message>
        <source>&amp;Host names:</source>
        <translation>&amp;Hostnamen:</translation>
    </message>
    <message numerus="yes">
        <source>The hosts take the node names (%n host(s)).</source>
        <translation>
            <numerusform>Die Hosts tragen die Knotennamen (%n Host).</numerusform>
            <numerusform>Die Hosts tragen die Knotennamen (%n Hosts).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n name(s); the design has no host yet.</source>
        <translation>
            <numerusform>%n Name; der Entwurf hat noch keinen Host.</numerusform>
            <numerusform>%n Namen; der Entwurf hat noch keinen Host.</numerusform>
        </translation>
    </message>
    <message>
        <source>The host is named %1.</source>
        <translation>Der Host heißt %1.</translation>
    </message>
    <message>
        <source>The %1 hosts are named %2 to %3.</source>
        <translation>Die %1 Hosts heißen %2 bis %3.</translation>
    </message>
    <message numerus="yes">
        <source>%n more name(s) kept for growth.</source>
        <translation>
            <numerusform>%n weiterer Name bleibt für Wachstum frei.</numerusform>
            <numerusform>%n weitere Namen bleiben für Wachstum frei.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Floor: racks stand in rows (cables are measured)</source>
        <translation>&amp;Stellfläche: Racks stehen in Reihen (Kabel werden gemessen)</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>In a row after the compute rows</source>
        <translation>In einer Reihe nach den Rechenreihen</translation>
    </message>
    <message>
        <source>In a row amid the compute rows</source>
        <translation>In einer Reihe inmitten der Rechenreihen</translation>
    </message>
    <message>
        <source>Ra&amp;cks a row:</source>
        <translation>Ra&amp;cks je Reihe:</translation>
    </message>
    <message>
        <source>Rack &amp;width:</source>
        <translation>Rack-Brei&amp;te:</translation>
    </message>
    <message>
        <source>Row &amp;pitch:</source>
        <translation>Reihen&amp;abstand:</translation>
    </message>
    <message>
        <source>Ne&amp;twork racks:</source>
        <translation>Net&amp;zwerk-Racks:</translation>
    </message>
    <message>
        <source>The report&apos;s title block prints the name and revision. The host names are a Slurm host list; the scheduler files and the cabling plan name the servers (and the trays of rack-scale systems) with them, in order. With the floor stated, the bill of materials and the cabling workbook measure every cable from where its racks stand and choose copper or fibre by reach.</source>
        <translation>Der Titelblock des Berichts druckt Name und Revision. Die Hostnamen sind eine Slurm-Hostliste; die Scheduler-Dateien und der Verkabelungsplan benennen die Server (und die Trays von Rack-Systemen) damit, der Reihe nach. Mit angegebener Stellfläche messen Stückliste und Verkabelungsarbeitsmappe jedes Kabel danach, wo seine Racks stehen, und wählen Kupfer oder Glasfaser nach Reichweite.</translation>
    </message>
    <message>
        <source>Fill the rows &amp;again</source>
        <translation>Reihen neu f&amp;üllen</translation>
    </message>
    <message>
        <source>Drag a rack, or select it and use the arrow keys, to place it by hand; the other racks fill the rows around it.</source>
        <translation>Ziehen Sie ein Rack oder wählen Sie es aus und verwenden Sie die Pfeiltasten, um es von Hand zu stellen; die anderen Racks füllen die Reihen um es herum.</translation>
    </message>
    <message>
        <source>Forget the places given by hand: every rack fills the rows in order.</source>
        <translation>Von Hand vergebene Plätze vergessen: Jedes Rack füllt die Reihen der Reihe nach.</translation>
    </message>
    <message>
        <source>The racks cannot be planned: %1</source>
        <translation>Die Racks lassen sich nicht planen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n rack(s) fill the rows in order.</source>
        <translation>
            <numerusform>%n Rack füllt die Reihen der Reihe nach.</numerusform>
            <numerusform>%n Racks füllen die Reihen der Reihe nach.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rack(s) placed by hand; the others fill the rows around them.</source>
        <translation>
            <numerusform>%n Rack von Hand gestellt; die anderen füllen die Reihen darum herum.</numerusform>
            <numerusform>%n Racks von Hand gestellt; die anderen füllen die Reihen darum herum.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n placed in the file but not in the design.</source>
        <translation>
            <numerusform>%n davon steht in der Datei, aber nicht im Entwurf.</numerusform>
            <numerusform>%n davon stehen in der Datei, aber nicht im Entwurf.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::RecoveryDialog</name>
    <message>
        <source>Recover Unsaved Work</source>
        <translation>Ungespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <source>&lt;b&gt;TopoPlan did not close properly.&lt;/b&gt;&lt;br&gt;These projects had changes that were not saved. Restore one to continue where you left off, then save it.</source>
        <translation>&lt;b&gt;TopoPlan wurde nicht ordnungsgemäß beendet.&lt;/b&gt;&lt;br&gt;Diese Projekte hatten ungespeicherte Änderungen. Stellen Sie eines wieder her, um dort weiterzumachen, wo Sie aufgehört haben, und speichern Sie es dann.</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Autosaved</source>
        <translation>Automatisch gespeichert</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Später</translation>
    </message>
    <message>
        <source>Keep the recovery files and ask again at the next start.</source>
        <translation>Die Wiederherstellungsdateien behalten und beim nächsten Start erneut fragen.</translation>
    </message>
    <message>
        <source>never saved</source>
        <translation>nie gespeichert</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>Cannot Discard</source>
        <translation>Verwerfen nicht möglich</translation>
    </message>
    <message>
        <source>These recovery files could not be deleted:
%1</source>
        <translation>Diese Wiederherstellungsdateien konnten nicht gelöscht werden:
%1</translation>
    </message>
</context>
<context>
    <name>topoplan::ReplicateDialog</name>
    <message>
        <source>Replicate Selection</source>
        <translation>Auswahl vervielfältigen</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>&amp;Zeilen:</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>&amp;Spalten:</translation>
    </message>
    <message>
        <source>&amp;Spacing:</source>
        <translation>&amp;Abstand:</translation>
    </message>
    <message>
        <source>The selection is the top-left cell of the grid; every other cell gets a copy with the links inside the selection.</source>
        <translation>Die Auswahl ist die Zelle oben links im Raster; jede andere Zelle erhält eine Kopie mit den Verbindungen innerhalb der Auswahl.</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Adds 1 copy: %1 in all.</source>
        <translation>Fügt 1 Kopie hinzu: insgesamt %1.</translation>
    </message>
    <message>
        <source>Adds %1 copies: %2 in all.</source>
        <translation>Fügt %1 Kopien hinzu: insgesamt %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n NVLink domain(s)</source>
        <translation>
            <numerusform>%n NVLink-Domäne</numerusform>
            <numerusform>%n NVLink-Domänen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n switch(es)</source>
        <translation>
            <numerusform>%n Switch</numerusform>
            <numerusform>%n Switches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n Verbindung</numerusform>
            <numerusform>%n Verbindungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::SelectTool</name>
    <message>
        <source>Select</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <source>Not moved into the domain: %1.</source>
        <translation>Nicht in die Domäne verschoben: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Move %n Item(s)</source>
        <translation>
            <numerusform>%n Element verschieben</numerusform>
            <numerusform>%n Elemente verschieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Drag to connect</source>
        <translation>Ziehen zum Verbinden</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Medium</translation>
    </message>
    <message>
        <source>Not moved: %1.</source>
        <translation>Nicht verschoben: %1.</translation>
    </message>
    <message>
        <source>What-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>Reparieren</translation>
    </message>
    <message>
        <source>Mark as Failed</source>
        <translation>Als ausgefallen markieren</translation>
    </message>
</context>
<context>
    <name>topoplan::StepDock</name>
    <message>
        <source>Step Time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>Dieser Plan</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Choose a model and a plan to see where the step&apos;s time goes.</source>
        <translation>Ein Modell und einen Plan wählen, um zu sehen, wofür die Zeit eines Schritts verbraucht wird.</translation>
    </message>
    <message>
        <source>Step %1: compute %2 (optimizer %3), exposed communication %4, pipeline bubble %5.</source>
        <translation>Schritt %1: Rechnen %2 (Optimierer %3), nicht überdeckte Kommunikation %4, Pipeline-Blase %5.</translation>
    </message>
    <message>
        <source>%1 of communication runs behind compute.</source>
        <translation>Vom Rechnen überdeckte Kommunikation: %1.</translation>
    </message>
</context>
<context>
    <name>topoplan::SweepDock</name>
    <message>
        <source>TP Sweep</source>
        <translation>TP-Sweep</translation>
    </message>
    <message>
        <source>Sweeping the TP width...</source>
        <translation>Die TP-Breite wird durchlaufen...</translation>
    </message>
    <message>
        <source>Choose a model to train to see its throughput at every TP width.</source>
        <translation>Ein Modell wählen, um seinen Durchsatz bei jeder TP-Breite zu sehen.</translation>
    </message>
    <message>
        <source>Best plan at each width</source>
        <translation>Bester Plan je Breite</translation>
    </message>
    <message>
        <source>This plan, TP changed</source>
        <translation>Dieser Plan, TP geändert</translation>
    </message>
    <message numerus="yes">
        <source>NVLink domain: %n GPUs</source>
        <translation>
            <numerusform>NVLink-Domäne: %n GPU</numerusform>
            <numerusform>NVLink-Domäne: %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Tensor-parallel width (GPUs)</source>
        <translation>Tensorparallele Breite (GPUs)</translation>
    </message>
    <message>
        <source>Best at TP %1: %2.</source>
        <translation>Am besten bei TP %1: %2.</translation>
    </message>
    <message>
        <source>TP %1 leaves the %2-GPU NVLink domain: %3 fewer tokens/s than TP %4.</source>
        <translation>TP %1 verlässt die NVLink-Domäne mit %2 GPUs: %3 weniger Token/s als TP %4.</translation>
    </message>
    <message>
        <source>Every width runs inside one NVLink domain.</source>
        <translation>Jede Breite läuft innerhalb einer NVLink-Domäne.</translation>
    </message>
    <message>
        <source>&lt;b&gt;TP Sweep&lt;/b&gt;&lt;p&gt;Tokens/s of the job at every tensor-parallel width, the other degrees chosen as best for each. The marked edge is the NVLink domain: beyond it TP traffic crosses the network and tokens/s falls off a cliff. Points are missing where a width is not a valid plan; the line above the chart says why.&lt;/p&gt;</source>
        <translation>&lt;b&gt;TP-Sweep&lt;/b&gt;&lt;p&gt;Token/s des Auftrags bei jeder tensorparallelen Breite, die übrigen Grade jeweils bestmöglich gewählt. Die markierte Grenze ist die NVLink-Domäne: darüber hinaus läuft der TP-Verkehr über das Netzwerk, und die Token/s brechen ein. Punkte fehlen, wo eine Breite keinen gültigen Plan ergibt; die Zeile über der Grafik nennt den Grund.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>TP sweep</source>
        <translation>TP-Sweep</translation>
    </message>
    <message>
        <source>Baseline: best plan</source>
        <translation>Referenz: bester Plan</translation>
    </message>
    <message>
        <source>does not fit in GPU memory</source>
        <translation>passt nicht in den GPU-Speicher</translation>
    </message>
    <message>
        <source>no valid plan</source>
        <translation>kein gültiger Plan</translation>
    </message>
    <message>
        <source>This plan has no point at TP %1: %2.</source>
        <translation>Dieser Plan hat keinen Punkt bei TP %1: %2.</translation>
    </message>
</context>
<context>
    <name>topoplan::TemplateGallery</name>
    <message>
        <source>New Project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <source>Start from an empty canvas or from one of these clusters:</source>
        <translation>Mit einer leeren Zeichenfläche oder einem dieser Cluster beginnen:</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>&amp;Erstellen</translation>
    </message>
    <message>
        <source>Empty project
Nothing but the canvas</source>
        <translation>Leeres Projekt
Nur die Zeichenfläche</translation>
    </message>
    <message>
        <source>An empty canvas: drag servers, NVLink domains and switches onto it.</source>
        <translation>Eine leere Zeichenfläche: Server, NVLink-Domänen und Switches darauf ziehen.</translation>
    </message>
    <message>
        <source>%1 GPUs in %2 nodes</source>
        <translation>%1 GPUs in %2 Knoten</translation>
    </message>
    <message>
        <source>%1 leaf, %2 spine, %3 core switches</source>
        <translation>%1 Leaf-, %2 Spine-, %3 Core-Switches</translation>
    </message>
    <message>
        <source>Counting...</source>
        <translation>Wird gezählt...</translation>
    </message>
    <message numerus="yes">
        <source>%n switch(es)</source>
        <translation>
            <numerusform>%n Switch</numerusform>
            <numerusform>%n Switches</numerusform>
        </translation>
    </message>
</context>
</TS>

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
    <message numerus="yes">
        <source>Take %n Node(s) out of a Domain</source>
        <translation>
            <numerusform>%n Knoten aus einer Domäne nehmen</numerusform>
            <numerusform>%n Knoten aus einer Domäne nehmen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put %n Node(s) in a Domain</source>
        <translation>
            <numerusform>%n Knoten in eine Domäne legen</numerusform>
            <numerusform>%n Knoten in eine Domäne legen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Change Tier of %n Switch(es)</source>
        <translation>
            <numerusform>Ebene von %n Switch ändern</numerusform>
            <numerusform>Ebene von %n Switches ändern</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Change Medium of %n Link(s)</source>
        <translation>
            <numerusform>Medium von %n Verbindung ändern</numerusform>
            <numerusform>Medium von %n Verbindungen ändern</numerusform>
        </translation>
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
    <message>
        <source>Best of %1 valid plans that fit: TP %2, PP %3, DP %4 at %5</source>
        <translation>Bester von %1 gültigen Plänen, die passen: TP %2, PP %3, DP %4 mit %5</translation>
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
        <source>%1 nodes</source>
        <translation>%1 Knoten</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>%1 switches</source>
        <translation>%1 Switches</translation>
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
    <name>topoplan::Document</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
</context>
<context>
    <name>topoplan::DropController</name>
    <message>
        <source>The catalog has no server model &quot;%1&quot;.</source>
        <translation>Der Katalog kennt kein Servermodell „%1“.</translation>
    </message>
    <message>
        <source>Not added to %1: %2.</source>
        <translation>Nicht zu %1 hinzugefügt: %2.</translation>
    </message>
    <message>
        <source>The catalog has no switch model &quot;%1&quot;.</source>
        <translation>Der Katalog kennt kein Switch-Modell „%1“.</translation>
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
        <source>Copied %1 items and %2 links inside them</source>
        <translation>%1 Elemente und %2 Verbindungen darin kopiert</translation>
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
        <source>Opening %1...</source>
        <translation>%1 wird geöffnet...</translation>
    </message>
    <message>
        <source>Creating %1...</source>
        <translation>%1 wird erstellt...</translation>
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
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
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
        <source>TopoPlan projects (*.topoplan)</source>
        <translation>TopoPlan-Projekte (*.topoplan)</translation>
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
        <source>About TopoPlan</source>
        <translation>Über TopoPlan</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TopoPlan %1&lt;/h3&gt;&lt;p&gt;Plan GPU training clusters: NVLink domains, InfiniBand and Ethernet fabrics, and the parallelism that runs on them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TopoPlan %1&lt;/h3&gt;&lt;p&gt;GPU-Trainingscluster planen: NVLink-Domänen, InfiniBand- und Ethernet-Fabrics und die Parallelisierung, die darauf läuft.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>&amp;Liste leeren</translation>
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
        <source>Restored %1 as it was at %2</source>
        <translation>%1 wiederhergestellt, wie es um %2 war</translation>
    </message>
    <message>
        <source>Restoring %1...</source>
        <translation>%1 wird wiederhergestellt...</translation>
    </message>
    <message>
        <source>&amp;Export Diagram...</source>
        <translation>Diagramm e&amp;xportieren...</translation>
    </message>
    <message>
        <source>Save the diagram as SVG, PDF, PNG or JPEG for a document</source>
        <translation>Das Diagramm als SVG, PDF, PNG oder JPEG für ein Dokument speichern</translation>
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
        <source>Export Diagram</source>
        <translation>Diagramm exportieren</translation>
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
        <source>1 NVLink domain</source>
        <translation>1 NVLink-Domäne</translation>
    </message>
    <message>
        <source>%1 NVLink domains</source>
        <translation>%1 NVLink-Domänen</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 Knoten</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 Knoten</translation>
    </message>
    <message>
        <source>1 switch</source>
        <translation>1 Switch</translation>
    </message>
    <message>
        <source>%1 switches</source>
        <translation>%1 Switches</translation>
    </message>
    <message>
        <source>1 link</source>
        <translation>1 Verbindung</translation>
    </message>
    <message>
        <source>%1 links</source>
        <translation>%1 Verbindungen</translation>
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
        <source>%.0fk tokens/s</source>
        <translation>%.0f Tsd. Token/s</translation>
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
        <source>%n switches</source>
        <translation>
            <numerusform>%n Switch</numerusform>
            <numerusform>%n Switches</numerusform>
        </translation>
    </message>
</context>
</TS>

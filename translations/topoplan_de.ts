<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
    <name>topoplan::Document</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
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
        <source>Start an empty project</source>
        <translation>Ein leeres Projekt beginnen</translation>
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
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AnalysisOverlay</name>
    <message numerus="yes">
        <source>%1 group across %n NVLink domains</source>
        <translation>
            <numerusform>%1 group across %n NVLink domains</numerusform>
            <numerusform>%1 group across %n NVLink domains</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConnectTool</name>
    <message numerus="yes">
        <source>Release to connect: %n cables. %1.</source>
        <translation>
            <numerusform>Release to connect: %n cables. %1.</numerusform>
            <numerusform>Release to connect: %n cables. %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Diagram</name>
    <message numerus="yes">
        <source>%1 · %n GPUs · %2 per GPU</source>
        <translation>
            <numerusform>%1 · %n GPUs · %2 per GPU</numerusform>
            <numerusform>%1 · %n GPUs · %2 per GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPUs</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %n GPUs · %3 per GPU</source>
        <translation>
            <numerusform>%1 · %2 of %n GPUs · %3 per GPU</numerusform>
            <numerusform>%1 · %2 of %n GPUs · %3 per GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>empty NVLink domain of %n GPUs</source>
        <translation>
            <numerusform>empty NVLink domain of %n GPUs</numerusform>
            <numerusform>empty NVLink domain of %n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message numerus="yes">
        <source>%n assumption(s)</source>
        <translation>
            <numerusform>%n assumption</numerusform>
            <numerusform>%n assumptions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not mapped</source>
        <translation>
            <numerusform>%n not mapped</numerusform>
            <numerusform>%n not mapped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s)</source>
        <translation>
            <numerusform>%n check</numerusform>
            <numerusform>%n checks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>... and %n more (Show Details)</source>
        <translation>
            <numerusform>... and %n more (Show Details)</numerusform>
            <numerusform>... and %n more (Show Details)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(TopoPlan stopped looking after %n problems.)</source>
        <translation>
            <numerusform>(TopoPlan stopped looking after %n problems.)</numerusform>
            <numerusform>(TopoPlan stopped looking after %n problems.)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 could not be opened: it has %n problem(s).</source>
        <translation>
            <numerusform>%1 could not be opened: it has %n problem.</numerusform>
            <numerusform>%1 could not be opened: it has %n problems.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>TopoPlan can open what it can read as a new, unsaved project, leaving out the broken items (%n item(s) left out). The file itself is not changed.</source>
        <translation>
            <numerusform>TopoPlan can open what it can read as a new, unsaved project, leaving out the broken items (%n item left out). The file itself is not changed.</numerusform>
            <numerusform>TopoPlan can open what it can read as a new, unsaved project, leaving out the broken items (%n items left out). The file itself is not changed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Undo Commands</name>
    <message numerus="yes">
        <source>Move %n Items</source>
        <translation>
            <numerusform>Move %n Items</numerusform>
            <numerusform>Move %n Items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set %1 of %n Items</source>
        <translation>
            <numerusform>Set %1 of %n Items</numerusform>
            <numerusform>Set %1 of %n Items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Items</source>
        <translation>
            <numerusform>Remove %n Items</numerusform>
            <numerusform>Remove %n Items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set Model and Medium of %n Link(s)</source>
        <translation>
            <numerusform>Set Model and Medium of %n Link</numerusform>
            <numerusform>Set Model and Medium of %n Links</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::AddFabricDialog</name>
    <message numerus="yes">
        <source>Cables %n nodes into a new fabric; the switches are placed in their lanes.</source>
        <translation>
            <numerusform>Cables %n nodes into a new fabric; the switches are placed in their lanes.</numerusform>
            <numerusform>Cables %n nodes into a new fabric; the switches are placed in their lanes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::AnalysisDock</name>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n more</numerusform>
            <numerusform>%n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>What-if: %1 failed; routed around %2, on the %n GPUs left.</source>
        <translation>
            <numerusform>What-if: %1 failed; routed around %2, on the %n GPUs left.</numerusform>
            <numerusform>What-if: %1 failed; routed around %2, on the %n GPUs left.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs. Set the parallel degrees, or find the best plan.</source>
        <translation>
            <numerusform>%n GPUs. Set the parallel degrees, or find the best plan.</numerusform>
            <numerusform>%n GPUs. Set the parallel degrees, or find the best plan.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs. Choose a model to train to see what this cluster does with it.</source>
        <translation>
            <numerusform>%n GPUs. Choose a model to train to see what this cluster does with it.</numerusform>
            <numerusform>%n GPUs. Choose a model to train to see what this cluster does with it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The slowest of the %n groups; click to select its nodes</source>
        <translation>
            <numerusform>The slowest of the %n groups; click to select its nodes</numerusform>
            <numerusform>The slowest of the %n groups; click to select its nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>activations of %n layer pass(es)</source>
        <translation>
            <numerusform>activations of %n layer pass</numerusform>
            <numerusform>activations of %n layer passes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>±%1 on %n published runs of this class (%2, %3, %4)</source>
        <translation>
            <numerusform>±%1 on %n published runs of this class (%2, %3, %4)</numerusform>
            <numerusform>±%1 on %n published runs of this class (%2, %3, %4)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::CablingPreview</name>
    <message numerus="yes">
        <source>What the design implies: %n cables</source>
        <translation>
            <numerusform>What the design implies: %n cables</numerusform>
            <numerusform>What the design implies: %n cables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Connect %n cables</source>
        <translation>
            <numerusform>Connect %n cables</numerusform>
            <numerusform>Connect %n cables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Connect %1 and %2 (%n cables)</source>
        <translation>
            <numerusform>Connect %1 and %2 (%n cables)</numerusform>
            <numerusform>Connect %1 and %2 (%n cables)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ClusterCalibration</name>
    <message numerus="yes">
        <source>Calibrating from %n file(s)...</source>
        <translation>
            <numerusform>Calibrating from %n file...</numerusform>
            <numerusform>Calibrating from %n files...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 on %2 GPUs of %n host(s) (%3): bus bandwidth %4 measured, %5 in the catalog; smallest message %6 measured, %7 in the catalog. %8 efficiency %9 -&gt; %10.</source>
        <translation>
            <numerusform>%1 on %2 GPUs of %n host (%3): bus bandwidth %4 measured, %5 in the catalog; smallest message %6 measured, %7 in the catalog. %8 efficiency %9 -&gt; %10.</numerusform>
            <numerusform>%1 on %2 GPUs of %n hosts (%3): bus bandwidth %4 measured, %5 in the catalog; smallest message %6 measured, %7 in the catalog. %8 efficiency %9 -&gt; %10.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ClusterScene</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
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
            <numerusform>%n switch</numerusform>
            <numerusform>%n switches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::CompareWindow</name>
    <message numerus="yes">
        <source>Planning the job on %n designs...</source>
        <translation>
            <numerusform>Planning the job on %n designs...</numerusform>
            <numerusform>Planning the job on %n designs...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPUs</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::CostView</name>
    <message numerus="yes">
        <source>Capital cost: not stated, %n of %1 item(s) have no price (File &gt; Import Prices)</source>
        <translation>
            <numerusform>Capital cost: not stated, %n of %1 items has no price (File &gt; Import Prices)</numerusform>
            <numerusform>Capital cost: not stated, %n of %1 items have no price (File &gt; Import Prices)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; the catalog states no power for %n of %1 item(s)</source>
        <translation>
            <numerusform>; the catalog states no power for %n of %1 items</numerusform>
            <numerusform>; the catalog states no power for %n of %1 items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n scalable unit(s) of %1 leaves</source>
        <translation>
            <numerusform>%n scalable unit of %1 leaves</numerusform>
            <numerusform>%n scalable units of %1 leaves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n leaf(s)</source>
        <translation>
            <numerusform>%n leaf</numerusform>
            <numerusform>%n leaves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n server(s)</source>
        <translation>
            <numerusform>%n server</numerusform>
            <numerusform>%n servers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::DocumentManager</name>
    <message numerus="yes">
        <source>Opened what could be read of %1 (%n item(s) left out); save it under a new name</source>
        <translation>
            <numerusform>Opened what could be read of %1 (%n item left out); save it under a new name</numerusform>
            <numerusform>Opened what could be read of %1 (%n items left out); save it under a new name</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %n hardware model(s) from %1 to the project.</source>
        <translation>
            <numerusform>Added %n hardware model from %1 to the project.</numerusform>
            <numerusform>Added %n hardware models from %1 to the project.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::EditingActions</name>
    <message numerus="yes">
        <source>Cut %n Items</source>
        <translation>
            <numerusform>Cut %n Items</numerusform>
            <numerusform>Cut %n Items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Items</source>
        <translation>
            <numerusform>Delete %n Items</numerusform>
            <numerusform>Delete %n Items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Paste %n Items</source>
        <translation>
            <numerusform>Paste %n Items</numerusform>
            <numerusform>Paste %n Items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate %n Items</source>
        <translation>
            <numerusform>Duplicate %n Items</numerusform>
            <numerusform>Duplicate %n Items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replicate Selection %n Times</source>
        <translation>
            <numerusform>Replicate Selection %n Times</numerusform>
            <numerusform>Replicate Selection %n Times</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Add Fabric of %n Switches</source>
        <translation>
            <numerusform>Add Fabric of %n Switches</numerusform>
            <numerusform>Add Fabric of %n Switches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %n item(s)</source>
        <translation>
            <numerusform>Copied %n item</numerusform>
            <numerusform>Copied %n items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n link(s) inside them</source>
        <translation>
            <numerusform>%1 and %n link inside them</numerusform>
            <numerusform>%1 and %n links inside them</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ExploreDock</name>
    <message numerus="yes">
        <source>Cancelled after evaluating %1 of %n design(s).</source>
        <translation>
            <numerusform>Cancelled after evaluating %1 of %n design.</numerusform>
            <numerusform>Cancelled after evaluating %1 of %n designs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Building and planning %n designs of about %1 GPUs...</source>
        <translation>
            <numerusform>Building and planning %n design of about %1 GPUs...</numerusform>
            <numerusform>Building and planning %n designs of about %1 GPUs...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n planes</source>
        <translation>
            <numerusform>%n plane</numerusform>
            <numerusform>%n planes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ExportDialog</name>
    <message numerus="yes">
        <source>... %n more lines</source>
        <translation>
            <numerusform>... %n more lines</numerusform>
            <numerusform>... %n more lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::FailuresDock</name>
    <message numerus="yes">
        <source>%Ln element(s) took the figures of one alike, analysed: the fabric and the plan&apos;s groups look the same from both.</source>
        <translation>
            <numerusform>%Ln element took the figures of one alike, analysed: the fabric and the plan&apos;s groups look the same from both.</numerusform>
            <numerusform>%Ln elements took the figures of one alike, analysed: the fabric and the plan&apos;s groups look the same from both.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 and %Ln more</numerusform>
            <numerusform>%1 and %Ln more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::InspectorDock</name>
    <message numerus="yes">
        <source>%n nodes selected</source>
        <translation>
            <numerusform>%n nodes selected</numerusform>
            <numerusform>%n nodes selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n switches selected</source>
        <translation>
            <numerusform>%n switches selected</numerusform>
            <numerusform>%n switches selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n links selected</source>
        <translation>
            <numerusform>%n links selected</numerusform>
            <numerusform>%n links selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NVLink domains selected</source>
        <translation>
            <numerusform>%n NVLink domains selected</numerusform>
            <numerusform>%n NVLink domains selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n items selected</source>
        <translation>
            <numerusform>%n items selected</numerusform>
            <numerusform>%n items selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Change %n link(s) to %1 too</source>
        <translation>
            <numerusform>Change %n link to %1 too</numerusform>
            <numerusform>Change %n links to %1 too</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Model assumed by the import for %n of these servers</source>
        <translation>
            <numerusform>Model assumed by the import for %n of these servers</numerusform>
            <numerusform>Model assumed by the import for %n of these servers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::JobEditor</name>
    <message numerus="yes">
        <source>No plan of %n tried fits in memory on this cluster</source>
        <translation>
            <numerusform>No plan of %n tried fits in memory on this cluster</numerusform>
            <numerusform>No plan of %n tried fits in memory on this cluster</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Best of %n valid plan(s) that fit: TP %1, PP %2, DP %3 at %4</source>
        <translation>
            <numerusform>Best of %n valid plan that fit: TP %1, PP %2, DP %3 at %4</numerusform>
            <numerusform>Best of %n valid plans that fit: TP %1, PP %2, DP %3 at %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::PresentationPanel</name>
    <message numerus="yes">
        <source>%n warning(s): see the analysis panel.</source>
        <translation>
            <numerusform>%n warning: see the analysis panel.</numerusform>
            <numerusform>%n warnings: see the analysis panel.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ProjectDialog</name>
    <message numerus="yes">
        <source>The hosts take the node names (%n host(s)).</source>
        <translation>
            <numerusform>The hosts take the node names (%n host).</numerusform>
            <numerusform>The hosts take the node names (%n hosts).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n name(s); the design has no host yet.</source>
        <translation>
            <numerusform>%n name; the design has no host yet.</numerusform>
            <numerusform>%n names; the design has no host yet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more name(s) kept for growth.</source>
        <translation>
            <numerusform>%n more name kept for growth.</numerusform>
            <numerusform>%n more names kept for growth.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rack(s) fill the rows in order.</source>
        <translation>
            <numerusform>%n rack fill the rows in order.</numerusform>
            <numerusform>%n racks fill the rows in order.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rack(s) placed by hand; the others fill the rows around them.</source>
        <translation>
            <numerusform>%n rack placed by hand; the others fill the rows around them.</numerusform>
            <numerusform>%n racks placed by hand; the others fill the rows around them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n placed in the file but not in the design.</source>
        <translation>
            <numerusform>%n placed in the file but not in the design.</numerusform>
            <numerusform>%n placed in the file but not in the design.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::ReplicateDialog</name>
    <message numerus="yes">
        <source>%n NVLink domain(s)</source>
        <translation>
            <numerusform>%n NVLink domain</numerusform>
            <numerusform>%n NVLink domains</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n switch(es)</source>
        <translation>
            <numerusform>%n switch</numerusform>
            <numerusform>%n switches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n link</numerusform>
            <numerusform>%n links</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::SelectTool</name>
    <message numerus="yes">
        <source>Move %n Item(s)</source>
        <translation>
            <numerusform>Move %n Item</numerusform>
            <numerusform>Move %n Items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::SweepDock</name>
    <message numerus="yes">
        <source>NVLink domain: %n GPUs</source>
        <translation>
            <numerusform>NVLink domain: %n GPUs</numerusform>
            <numerusform>NVLink domain: %n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>topoplan::TemplateGallery</name>
    <message numerus="yes">
        <source>%n switch(es)</source>
        <translation>
            <numerusform>%n switch</numerusform>
            <numerusform>%n switches</numerusform>
        </translation>
    </message>
</context>
</TS>

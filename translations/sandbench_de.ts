<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AgentChatDock</name>
    <message>
        <location filename="../gui/agent_chat_dock.cpp" line="+30"/>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Show or hide the model settings</source>
        <translation>Modelleinstellungen ein- oder ausblenden</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Stop the session at once: the model call or the program in progress is aborted</source>
        <translation>Die Sitzung sofort stoppen: Der laufende Modellaufruf oder das laufende Programm wird abgebrochen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save &amp;Transcript…</source>
        <translation>&amp;Transkript speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the whole session (task, model, tier, policy, every message and run) as JSON; it never holds the API key</source>
        <translation>Die ganze Sitzung (Aufgabe, Modell, Stufe, Richtlinie, jede Nachricht und jeden Lauf) als JSON speichern; der API-Schlüssel ist nie darin enthalten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export &amp;Markdown…</source>
        <translation>Als &amp;Markdown exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the session as a Markdown document to read or share</source>
        <translation>Die Sitzung als Markdown-Dokument zum Lesen oder Weitergeben speichern</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Transcript</source>
        <translation>Transkript</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the last session, once it has ended</source>
        <translation>Die letzte Sitzung speichern, sobald sie beendet ist</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Turn %1 of %2 · waiting for the model…</source>
        <translation>Runde %1 von %2 · warte auf das Modell…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Turn %1 of %2 · the model&apos;s program runs on %3…</source>
        <translation>Runde %1 von %2 · das Programm des Modells läuft auf %3…</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Agent: %1</source>
        <translation>Agent: %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>A session is running: stop it before starting another</source>
        <translation>Eine Sitzung läuft: Stoppen Sie sie, bevor Sie eine neue beginnen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Type a task for the model first</source>
        <translation>Geben Sie zuerst eine Aufgabe für das Modell ein</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No tier can run programs here</source>
        <translation>Keine Stufe kann hier Programme ausführen</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Starting: %1 · programs run on %2 (%3)</source>
        <translation>Start: %1 · Programme laufen auf %2 (%3)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The agent cannot start yet. %1</source>
        <translation>Der Agent kann noch nicht starten. %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send the task to the model (Enter)</source>
        <translation>Die Aufgabe an das Modell senden (Eingabetaste)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+9"/>
        <source>No session has ended yet</source>
        <translation>Noch keine Sitzung ist beendet</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+4"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export transcript as Markdown</source>
        <translation>Transkript als Markdown exportieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save transcript</source>
        <translation>Transkript speichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved the transcript to %1</source>
        <translation>Transkript in %1 gespeichert</translation>
    </message>
</context>
<context>
    <name>AgentController</name>
    <message>
        <location filename="../gui/agent_controller.cpp" line="+150"/>
        <source>
[… %1 bytes not shown while the window caught up …]
</source>
        <translation>
[… %1 Bytes nicht angezeigt, während das Fenster aufholte …]
</translation>
    </message>
</context>
<context>
    <name>AgentSettingsPanel</name>
    <message>
        <location filename="../gui/agent_settings_panel.cpp" line="+49"/>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI-compatible</source>
        <translation>OpenAI-kompatibel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anthropic&apos;s Messages API, or any server speaking OpenAI&apos;s Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)</source>
        <translation>Die Messages-API von Anthropic oder jeder Server, der die Chat Completions von OpenAI spricht (OpenAI, Ollama, llama.cpp, vLLM)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model&apos;s name as the provider knows it</source>
        <translation>Der Name des Modells, wie der Anbieter ihn kennt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Anthropic: the API root (https://api.anthropic.com). OpenAI-compatible: the root holding /chat/completions (https://api.openai.com/v1, http://localhost:11434/v1 for Ollama)</source>
        <translation>Anthropic: die Wurzel der API (https://api.anthropic.com). OpenAI-kompatibel: die Wurzel, unter der /chat/completions liegt (https://api.openai.com/v1, http://localhost:11434/v1 für Ollama)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Model calls per task; the session stops when the model still wants to run code after the last one</source>
        <translation>Modellaufrufe pro Aufgabe; die Sitzung endet, wenn das Modell nach dem letzten noch Code ausführen will</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Provider default</source>
        <translation>Vorgabe des Anbieters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampling temperature; the provider&apos;s own default unless set</source>
        <translation>Sampling-Temperatur; ohne Angabe gilt die Vorgabe des Anbieters</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Provider:</source>
        <translation>Anbieter:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mo&amp;del:</source>
        <translation>Mo&amp;dell:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Base URL:</source>
        <translation>&amp;Basis-URL:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API &amp;key:</source>
        <translation>API-S&amp;chlüssel:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ma&amp;x turns:</source>
        <translation>Ma&amp;x. Runden:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temper&amp;ature:</source>
        <translation>Temper&amp;atur:</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Not set (%1 is empty)</source>
        <translation>Nicht gesetzt (%1 ist leer)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From %1</source>
        <translation>Aus %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Held in memory only and never saved. When this field is empty, %1 from Sandbench&apos;s environment is used. A local server may need no key.</source>
        <translation>Wird nur im Arbeitsspeicher gehalten und nie gespeichert. Ist dieses Feld leer, wird %1 aus der Umgebung von Sandbench verwendet. Ein lokaler Server braucht womöglich keinen Schlüssel.</translation>
    </message>
</context>
<context>
    <name>AppearanceMenu</name>
    <message>
        <location filename="../gui/appearance_menu.cpp" line="+9"/>
        <source>&amp;Appearance</source>
        <translation>Dar&amp;stellung</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Use the desktop&apos;s own style and colours</source>
        <translation>Stil und Farben der Arbeitsumgebung verwenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Use light colours, whatever the desktop&apos;s theme</source>
        <translation>Helle Farben verwenden, unabhängig vom Farbschema der Arbeitsumgebung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Use dark colours, whatever the desktop&apos;s theme</source>
        <translation>Dunkle Farben verwenden, unabhängig vom Farbschema der Arbeitsumgebung</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Language</source>
        <translation>S&amp;prache</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show Sandbench in this language from the next start</source>
        <translation>Sandbench ab dem nächsten Start in dieser Sprache anzeigen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The language changes when Sandbench is started again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Sandbench.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;ystem Language</source>
        <translation>S&amp;ystemsprache</translation>
    </message>
</context>
<context>
    <name>AttackLabPage</name>
    <message>
        <location filename="../gui/attack_lab_page.cpp" line="+58"/>
        <source>A folder of *.py attacks, each with a metadata header</source>
        <translation>Ein Ordner mit *.py-Angriffen, jeder mit einem Metadaten-Kopf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Suite:</source>
        <translation>Sammlung:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run suite</source>
        <translation>Sammlung ausführen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run every attack of the suite on the checked tiers, in parallel</source>
        <translation>Jeden Angriff der Sammlung parallel auf den gewählten Stufen ausführen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the lab or bench at once; nothing is left running</source>
        <translation>Labor oder Messung sofort stoppen; nichts läuft weiter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bench</source>
        <translation>Messen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measure start-up latency of print(1) on the checked tiers</source>
        <translation>Startlatenz von print(1) auf den gewählten Stufen messen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> runs</source>
        <translation> Läufe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timed runs per tier in a bench</source>
        <translation>Gemessene Läufe pro Stufe bei einer Messung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>%1 blocked, %2 allowed (%3 unexpected), %4 errors, %5 with leftovers</source>
        <translation>%1 blockiert, %2 erlaubt (%3 unerwartet), %4 Fehler, %5 mit Rückständen</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Save the lab run as JSON (the whole run: policy, machine, tiers, code and every outcome), CSV or an HTML report</source>
        <translation>Den Laborlauf als JSON (den ganzen Lauf: Richtlinie, Maschine, Stufen, Code und jedes Ergebnis), CSV oder HTML-Bericht speichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTML report…</source>
        <translation>HTML-Bericht…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the lab run as one self-contained HTML page to share: the matrix, counts, every cell&apos;s code, output and evidence, the machine and tiers</source>
        <translation>Den Laborlauf als eine eigenständige HTML-Seite zum Weitergeben speichern: die Matrix, die Zählungen, Code, Ausgabe und Nachweis jeder Zelle, die Maschine und die Stufen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open run…</source>
        <translation>Lauf öffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show a saved lab run again, from this tab or from sandbench-cli attacks --json</source>
        <translation>Einen gespeicherten Laborlauf erneut zeigen, aus diesem Reiter oder aus sandbench-cli attacks --json</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save verdict chart…</source>
        <translation>Urteilsdiagramm speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the chart of verdicts per tier as a PNG image</source>
        <translation>Das Diagramm der Urteile je Stufe als PNG-Bild speichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save latency chart…</source>
        <translation>Latenzdiagramm speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the latency chart of the last bench as a PNG image</source>
        <translation>Das Latenzdiagramm der letzten Messung als PNG-Bild speichern</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1 failed: %2</source>
        <translation>%1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Attack Lab stopped: %1</source>
        <translation>Angriffslabor gestoppt: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attack Lab finished: %1</source>
        <translation>Angriffslabor beendet: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Bench stopped</source>
        <translation>Messung gestoppt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bench finished</source>
        <translation>Messung beendet</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Choose an attack suite folder</source>
        <translation>Ordner der Angriffssammlung wählen</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+59"/>
        <location line="+106"/>
        <source>Stop the current run first</source>
        <translation>Stoppen Sie zuerst den laufenden Durchgang</translation>
    </message>
    <message>
        <location line="-163"/>
        <location line="+57"/>
        <source>Check at least one tier that can run here</source>
        <translation>Wählen Sie mindestens eine Stufe, die hier laufen kann</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>Cannot load the suite: %1</source>
        <translation>Die Testsammlung kann nicht geladen werden: %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cannot set up the attack targets: %1</source>
        <translation>Die Angriffsziele können nicht eingerichtet werden: %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Bench: %1</source>
        <translation>Messung: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attack Lab: %1</source>
        <translation>Angriffslabor: %1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>There is no lab run to export</source>
        <translation>Es gibt keinen Laborlauf zum Exportieren</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cannot export to %1: choose a name ending in .json, .csv or .html</source>
        <translation>Export nach %1 nicht möglich: Wählen Sie einen Namen, der auf .json, .csv oder .html endet</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lab run exported to %1</source>
        <translation>Laborlauf nach %1 exportiert</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not a lab run: %2</source>
        <translation>%1 ist kein Laborlauf: %2</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Opened %1: %2</source>
        <translation>%1 geöffnet: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Lab run as JSON (*.json)</source>
        <translation>Laborlauf als JSON (*.json)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lab run as CSV (*.csv)</source>
        <translation>Laborlauf als CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>Lab report as HTML (*.html)</source>
        <translation>Laborbericht als HTML (*.html)</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+12"/>
        <source>Export the lab run</source>
        <translation>Den Laborlauf exportieren</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+9"/>
        <source>Save the lab report</source>
        <translation>Den Laborbericht speichern</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Lab run</source>
        <translation>Laborlauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>re-opened from %1: the policy, machine and tier details are this session&apos;s, not necessarily the run&apos;s</source>
        <translation>erneut geöffnet aus %1: Richtlinie, Maschine und Stufendetails stammen aus dieser Sitzung, nicht unbedingt aus dem Lauf</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+6"/>
        <source>Open a saved lab run</source>
        <translation>Einen gespeicherten Laborlauf öffnen</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Lab runs (*.json);;All files (*)</source>
        <translation>Laborläufe (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+9"/>
        <source>Save the chart</source>
        <translation>Das Diagramm speichern</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Chart saved to %1</source>
        <translation>Diagramm nach %1 gespeichert</translation>
    </message>
    <message>
        <source>Check the tiers to attack and press Run suite: a row per attack, a column per tier, each cell filled as its attack finishes</source>
        <translation>Wählen Sie die anzugreifenden Stufen und drücken Sie „Sammlung ausführen“: eine Zeile je Angriff, eine Spalte je Stufe, jede Zelle gefüllt, sobald ihr Angriff fertig ist</translation>
    </message>
</context>
<context>
    <name>AttackMatrixModel</name>
    <message>
        <location filename="../gui/attack_matrix_model.cpp" line="+71"/>
        <source>(inferred)</source>
        <translation>(abgeleitet)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (expected)</source>
        <translation>%1 (erwartet)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>⚠ leftovers: %1</source>
        <translation>⚠ Rückstände: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Not expected on this tier: a failure</source>
        <translation>Auf dieser Stufe nicht erwartet: ein Versagen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leftovers: none</source>
        <translation>Rückstände: keine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ Leftovers, a failure whatever the verdict: %1</source>
        <translation>⚠ Rückstände, ein Versagen, wie auch immer das Urteil lautet: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Needs root on the control</source>
        <translation>Braucht root auf der Kontrolle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unmet here: %1</source>
        <translation>Hier nicht erfüllt: %1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 (control)</source>
        <translation>%1 (Kontrolle)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has no isolation: it shows that each attack really works</source>
        <translation>%1 isoliert nicht: Hier zeigt sich, dass jeder Angriff wirklich funktioniert</translation>
    </message>
    <message>
        <source>not possible here</source>
        <translation>hier nicht möglich</translation>
    </message>
    <message>
        <source>The control&apos;s %1 proves nothing here: left out of the counts</source>
        <translation>Das %1 der Kontrolle beweist hier nichts: nicht mitgezählt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>CellDetails</name>
    <message>
        <location filename="../gui/cell_details.cpp" line="+33"/>
        <source>Click a cell of the matrix to see why the tier decided as it did.</source>
        <translation>Klicken Sie auf eine Zelle der Matrix, um zu sehen, warum die Stufe so entschieden hat.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evidence</source>
        <translation>Nachweis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 has not finished on this tier.</source>
        <translation>%1 ist auf dieser Stufe noch nicht fertig.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 on %2: %3 in %4 s</source>
        <translation>%1 auf %2: %3 in %4 s</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> (control tier: no isolation)</source>
        <translation> (Kontrollstufe: keine Isolation)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Expected: yes, the attack&apos;s metadata expects this tier to let it through</source>
        <translation>Erwartet: ja, die Metadaten des Angriffs erwarten, dass diese Stufe ihn durchlässt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expected: no, this tier should have stopped it: a failure of the tier</source>
        <translation>Erwartet: nein, diese Stufe hätte ihn stoppen sollen: ein Versagen der Stufe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expected: no, this tier should stop it</source>
        <translation>Erwartet: nein, diese Stufe sollte ihn stoppen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Layer: not known</source>
        <translation>Schicht: unbekannt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layer: %1</source>
        <translation>Schicht: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leftovers: none</source>
        <translation>Rückstände: keine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ Leftovers, a failure whatever the verdict:</source>
        <translation>⚠ Rückstände, ein Versagen, wie auch immer das Urteil lautet:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Needs root: on the control this attack gets through only when Sandbench runs as root</source>
        <translation>Braucht root: Auf der Kontrolle kommt dieser Angriff nur durch, wenn Sandbench als root läuft</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unmet on this machine: %1; a BLOCKED on the control proves nothing here</source>
        <translation>Auf dieser Maschine nicht erfüllt: %1; ein BLOCKED auf der Kontrolle beweist hier nichts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Evidence: %1</source>
        <translation>Nachweis: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run: %1</source>
        <translation>Lauf: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped by: %1</source>
        <translation>Gestoppt durch: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tier&apos;s evidence: %1</source>
        <translation>Nachweis der Stufe: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+3"/>
        <source>
[truncated by the output cap]</source>
        <translation>
[durch die Ausgabegrenze abgeschnitten]</translation>
    </message>
    <message>
        <source>Not possible here: left out of the counts and the chart</source>
        <translation>Hier nicht möglich: nicht in den Zählungen und im Diagramm</translation>
    </message>
    <message>
        <source>Click a cell of the matrix to see its attack&apos;s code.</source>
        <translation>Klicken Sie auf eine Zelle der Matrix, um den Code ihres Angriffs zu sehen.</translation>
    </message>
    <message>
        <source>This run was opened without the attack&apos;s code.</source>
        <translation>Dieser Lauf wurde ohne den Code des Angriffs geöffnet.</translation>
    </message>
    <message>
        <source>The run wrote nothing here.</source>
        <translation>Der Lauf hat hier nichts ausgegeben.</translation>
    </message>
    <message>
        <source>The attack has not finished on this tier.</source>
        <translation>Der Angriff ist auf dieser Stufe noch nicht fertig.</translation>
    </message>
    <message>
        <source>Click a cell of the matrix to see what its run wrote.</source>
        <translation>Klicken Sie auf eine Zelle der Matrix, um zu sehen, was ihr Lauf ausgegeben hat.</translation>
    </message>
</context>
<context>
    <name>ChatInput</name>
    <message>
        <location filename="../gui/chat_input.cpp" line="+8"/>
        <source>Describe a task for the model. Enter sends, Shift+Enter starts a new line.</source>
        <translation>Beschreiben Sie eine Aufgabe für das Modell. Die Eingabetaste sendet, Umschalt+Eingabe beginnt eine neue Zeile.</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../gui/chat_view.cpp" line="+68"/>
        <source>The model writes Python to solve your task. Every program runs on the tier and under the policy chosen in Tier and policy, never inside Sandbench itself; the model sees only what the program prints.</source>
        <translation>Das Modell schreibt Python, um Ihre Aufgabe zu lösen. Jedes Programm läuft auf der Stufe und unter der Richtlinie, die unter „Stufe und Richtlinie“ gewählt sind, nie in Sandbench selbst; das Modell sieht nur, was das Programm ausgibt.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Model · turn %1</source>
        <translation>Modell · Runde %1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Finished: the model answered at turn %1 of %2.</source>
        <translation>Beendet: Das Modell hat in Runde %1 von %2 geantwortet.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Turn limit (%1) reached: the model still wanted to run code.</source>
        <translation>Rundengrenze (%1) erreicht: Das Modell wollte noch Code ausführen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled: you stopped the session.</source>
        <translation>Abgebrochen: Sie haben die Sitzung gestoppt.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Answer · turn %1</source>
        <translation>Antwort · Runde %1</translation>
    </message>
</context>
<context>
    <name>CodeEditor</name>
    <message>
        <location filename="../gui/code_editor.cpp" line="+68"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is too large to edit: the limit is %2.</source>
        <translation>%1 ist zu groß zum Bearbeiten: Die Grenze liegt bei %2.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is not valid UTF-8 text. Convert it to UTF-8 and open it again.</source>
        <translation>%1 ist kein gültiger UTF-8-Text. Wandeln Sie die Datei in UTF-8 um und öffnen Sie sie erneut.</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+16"/>
        <location line="+3"/>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>the file was written only in part</source>
        <translation>die Datei wurde nur teilweise geschrieben</translation>
    </message>
</context>
<context>
    <name>LabCharts</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="+67"/>
        <source>Tier</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location line="+278"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>LabPresentation</name>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>&amp;Präsentationsmodus</translation>
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
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Normale Größe</translation>
    </message>
    <message>
        <source>Show the Attack Lab for a projector: larger text, the whole suite on one screen, cells wide enough for the layer</source>
        <translation>Das Angriffslabor für einen Projektor zeigen: größere Schrift, die ganze Sammlung auf einem Bildschirm, Zellen breit genug für die Schicht</translation>
    </message>
    <message>
        <source>Make the Attack Lab&apos;s text larger</source>
        <translation>Die Schrift des Angriffslabors vergrößern</translation>
    </message>
    <message>
        <source>Make the Attack Lab&apos;s text smaller</source>
        <translation>Die Schrift des Angriffslabors verkleinern</translation>
    </message>
    <message>
        <source>Give the Attack Lab&apos;s text its default size again</source>
        <translation>Der Schrift des Angriffslabors wieder ihre Standardgröße geben</translation>
    </message>
</context>
<context>
    <name>LabTierList</name>
    <message>
        <location filename="../gui/lab_tier_list.cpp" line="+9"/>
        <source>Tiers</source>
        <translation>Stufen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (control, no isolation)</source>
        <translation>%1 (Kontrolle, keine Isolation)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+44"/>
        <source>Checking whether this tier can run here…</source>
        <translation>Es wird geprüft, ob diese Stufe hier laufen kann…</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>No isolation at all: the control that shows each attack really works</source>
        <translation>Überhaupt keine Isolation: die Kontrolle, die zeigt, dass jeder Angriff wirklich funktioniert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Billed for every run, so not ticked until you tick it: a suite starts one sandbox per attack</source>
        <translation>Wird für jeden Lauf berechnet und ist darum erst angehakt, wenn Sie es anhaken: eine Testsammlung startet eine Sandbox pro Angriff</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="-90"/>
        <source>Start-up latency: print(1), cold</source>
        <translation>Startlatenz: print(1), kalt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min · p25 · p50 · p75 · max</source>
        <translation>Min · p25 · p50 · p75 · Max</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Milliseconds</source>
        <translation>Millisekunden</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>bare python3</source>
        <translation>reines python3</translation>
    </message>
    <message>
        <source>Press Bench to measure each checked tier&apos;s start-up latency</source>
        <translation>Drücken Sie „Messen“, um die Startlatenz jeder gewählten Stufe zu messen</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../gui/main_window.cpp" line="+52"/>
        <source>Sandbench</source>
        <translation>Sandbench</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Workbench</source>
        <translation>Werkbank</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attack Lab</source>
        <translation>Angriffslabor</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Finished: %1</source>
        <translation>Beendet: %1</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>The tiers are still being checked; send again in a moment</source>
        <translation>Die Stufen werden noch geprüft; senden Sie gleich noch einmal</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The agent&apos;s program is running on %1…</source>
        <translation>Das Programm des Agenten läuft auf %1…</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The agent&apos;s code is in the editor (Ctrl+Z brings back what was there); run it with Ctrl+Return on any tier</source>
        <translation>Der Code des Agenten steht im Editor (Strg+Z holt zurück, was dort stand); führen Sie ihn mit Strg+Eingabe auf einer beliebigen Stufe aus</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Double-click a run to put its code and output back</source>
        <translation>Doppelklicken Sie auf einen Lauf, um seinen Code und seine Ausgabe wiederherzustellen</translation>
    </message>
    <message>
        <location line="-112"/>
        <source>Checking the %1 tier…</source>
        <translation>Die Stufe %1 wird geprüft…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The %1 tier is ready</source>
        <translation>Die Stufe %1 ist bereit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The %1 tier cannot run here: %2</source>
        <translation>Die Stufe %1 kann hier nicht laufen: %2</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Choose a tier that can run here in Tier and policy</source>
        <translation>Wählen Sie unter „Stufe und Richtlinie“ eine Stufe, die hier laufen kann</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The %1 tier has no isolation at all: the model&apos;s programs never run on it. Choose another tier in Tier and policy</source>
        <translation>Die Stufe %1 hat überhaupt keine Isolation: Die Programme des Modells laufen nie darauf. Wählen Sie unter „Stufe und Richtlinie“ eine andere Stufe</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Code editor</source>
        <translation>Code-Editor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier and policy</source>
        <translation>Stufe und Richtlinie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agent chat</source>
        <translation>Agenten-Chat</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a Python file in the editor</source>
        <translation>Eine Python-Datei im Editor öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the editor&apos;s program</source>
        <translation>Das Programm im Editor speichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Export History…</source>
        <translation>Verlauf &amp;exportieren…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save every remembered run (code, tier, policy, result) as JSON</source>
        <translation>Alle gespeicherten Läufe (Code, Stufe, Richtlinie, Ergebnis) als JSON sichern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Examples</source>
        <translation>&amp;Beispiele</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Loaded an example; run it with Ctrl+Return</source>
        <translation>Beispiel geladen; mit Strg+Eingabe ausführen</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the editor&apos;s program on the chosen tier</source>
        <translation>Das Programm im Editor auf der gewählten Stufe ausführen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the running program; the tier kills everything it started</source>
        <translation>Das laufende Programm stoppen; die Stufe beendet alles, was sie gestartet hat</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;View</source>
        <translation>A&amp;nsicht</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore &amp;Default Layout</source>
        <translation>&amp;Standardanordnung wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every pane back where it started</source>
        <translation>Alle Bereiche an ihren ursprünglichen Platz zurücksetzen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Sandbench</source>
        <translation>Ü&amp;ber Sandbench</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About Sandbench</source>
        <translation>Über Sandbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Sandbench %1&lt;/b&gt;&lt;p&gt;Run untrusted, AI-written Python on interchangeable isolation tiers and see what each lets through.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Sandbench %1&lt;/b&gt;&lt;p&gt;Führen Sie nicht vertrauenswürdigen, von KI geschriebenen Python-Code auf austauschbaren Isolationsstufen aus und sehen Sie, was jede durchlässt.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Checking which tiers this machine can run…</source>
        <translation>Es wird geprüft, welche Stufen auf diesem Rechner laufen…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a tier that can run here</source>
        <translation>Wählen Sie eine Stufe, die hier laufen kann</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Running on %1…</source>
        <translation>Läuft auf %1…</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+9"/>
        <source>Checking tiers…</source>
        <translation>Stufen werden geprüft…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>No tier can run here</source>
        <translation>Keine Stufe kann hier laufen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tier: %1 · running</source>
        <translation>Stufe: %1 · läuft</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier: %1 · ready</source>
        <translation>Stufe: %1 · bereit</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>These settings can be changed when no run is going on</source>
        <translation>Diese Einstellungen lassen sich ändern, wenn kein Lauf im Gange ist</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open Python program</source>
        <translation>Python-Programm öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python (*.py);;All files (*)</source>
        <translation>Python (*.py);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open</source>
        <translation>Öffnen nicht möglich</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Python program</source>
        <translation>Python-Programm speichern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Opened %1; placeholders such as @SECRET_PATH@ are filled only by the Attack Lab</source>
        <translation>%1 geöffnet; Platzhalter wie @SECRET_PATH@ füllt nur das Angriffslabor aus</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · warm start</source>
        <translation> · Warmstart</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Export run history</source>
        <translation>Laufverlauf exportieren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot export</source>
        <translation>Exportieren nicht möglich</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exported the run history to %1</source>
        <translation>Laufverlauf nach %1 exportiert</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Unsaved program</source>
        <translation>Ungespeichertes Programm</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the program before quitting?</source>
        <translation>Programm vor dem Beenden speichern?</translation>
    </message>
</context>
<context>
    <name>MatrixLegend</name>
    <message>
        <location filename="../gui/matrix_legend.cpp" line="+25"/>
        <source>The tier stopped the attack; the cell names the layer that did (· seccomp)</source>
        <translation>Die Stufe hat den Angriff gestoppt; die Zelle nennt die Schicht, die es tat (· seccomp)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Got through where the attack&apos;s metadata expects it to (the control, a shared kernel): an honest caveat, not a failure</source>
        <translation>Durchgekommen, wo die Metadaten des Angriffs es erwarten (die Kontrolle, ein geteilter Kernel): ein ehrlicher Vorbehalt, kein Versagen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Got through where the tier should have stopped it: a failure</source>
        <translation>Durchgekommen, wo die Stufe ihn hätte stoppen sollen: ein Versagen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The attack never got to try: it says nothing about the tier</source>
        <translation>Der Angriff kam nie zum Versuch: Er sagt nichts über die Stufe aus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>⚠ leftovers</source>
        <translation>⚠ Rückstände</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run left something behind (a process, folder, container or socket): a failure whatever the verdict</source>
        <translation>Der Lauf hat etwas hinterlassen (einen Prozess, Ordner, Container oder Socket): ein Versagen, wie auch immer das Urteil lautet</translation>
    </message>
    <message>
        <source>On the control, an attack this machine cannot host (not root, no loadable modules): its BLOCKED proves nothing, so it is left out of the counts</source>
        <translation>Auf der Kontrolle ein Angriff, den dieser Rechner nicht ausführen kann (nicht root, keine ladbaren Module): sein BLOCKED beweist nichts und wird daher nicht mitgezählt</translation>
    </message>
</context>
<context>
    <name>OutputPane</name>
    <message>
        <location filename="../gui/output_pane.cpp" line="+23"/>
        <source>Separate stderr</source>
        <translation>stderr getrennt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the whole output…</source>
        <translation>Ganze Ausgabe speichern…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show stderr in a pane of its own instead of in colour among stdout</source>
        <translation>stderr in einem eigenen Bereich zeigen statt farbig zwischen stdout</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Save the run&apos;s output as it kept it (up to the policy&apos;s output cap)</source>
        <translation>Die Ausgabe des Laufs speichern, wie er sie behalten hat (bis zur Ausgabegrenze der Richtlinie)</translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>[… %n characters not shown …]
</source>
        <translation>
            <numerusform>[… %n Zeichen nicht angezeigt …]
</numerusform>
            <numerusform>[… %n Zeichen nicht angezeigt …]
</numerusform>
        </translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The first %1 lines of this output are not shown here (the view keeps the last %2).</source>
        <translation>Die ersten %1 Zeilen dieser Ausgabe werden hier nicht gezeigt (die Ansicht behält die letzten %2).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The run has not ended yet</source>
        <translation>Der Lauf ist noch nicht beendet</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Save the whole output</source>
        <translation>Ganze Ausgabe speichern</translation>
    </message>
    <message>
        <location line="+17"/>
        <source> · CPU %1 s</source>
        <translation> · CPU %1 s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> · CPU not measured</source>
        <translation> · CPU nicht gemessen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · peak memory %1 MB</source>
        <translation> · Spitzenspeicher %1 MB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · output truncated</source>
        <translation> · Ausgabe gekürzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · warm start</source>
        <translation> · Warmstart</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../gui/run_history.cpp" line="+41"/>
        <source>Cannot read the run history %1: %2</source>
        <translation>Der Laufverlauf %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The run history %1 could not be read (%2); it was kept as %3 and a new one started.</source>
        <translation>Der Laufverlauf %1 konnte nicht gelesen werden (%2); er wurde als %3 aufbewahrt und ein neuer begonnen.</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+4"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <location filename="../gui/run_controller.cpp" line="+73"/>
        <source>
[… %1 bytes not shown while the window caught up …]
</source>
        <translation>
[… %1 Bytes nicht angezeigt, während das Fenster aufholte …]
</translation>
    </message>
</context>
<context>
    <name>RunPanel</name>
    <message>
        <location filename="../gui/run_panel.cpp" line="+44"/>
        <location line="+4"/>
        <location line="+1"/>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Memory the program may use</source>
        <translation>Speicher, den das Programm nutzen darf</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Processes the program may have at once, itself included</source>
        <translation>Prozesse, die das Programm gleichzeitig haben darf, es selbst eingeschlossen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest file the program may write</source>
        <translation>Größte Datei, die das Programm schreiben darf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total size of the private working folder</source>
        <translation>Gesamtgröße des privaten Arbeitsordners</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> bytes</source>
        <translation> Bytes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Output kept per stream; the rest is dropped</source>
        <translation>Behaltene Ausgabe pro Datenstrom; der Rest wird verworfen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow network access</source>
        <translation>Netzwerkzugriff erlauben</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose a preset…</source>
        <translation>Voreinstellung wählen…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this policy as a JSON file</source>
        <translation>Diese Richtlinie als JSON-Datei speichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load a policy from a JSON file</source>
        <translation>Eine Richtlinie aus einer JSON-Datei laden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save policy</source>
        <translation>Richtlinie speichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Load policy</source>
        <translation>Richtlinie laden</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wall-clock limit; the tier kills the program when it passes</source>
        <translation>Grenze für die echte Laufzeit; die Stufe beendet das Programm, wenn sie überschritten wird</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CPU share the program may use (the container tier&apos;s CPU quota)</source>
        <translation>CPU-Anteil, den das Programm nutzen darf (das CPU-Kontingent der Container-Stufe)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 (control, no isolation)</source>
        <translation>%1 (Kontrolle, keine Isolation)</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>&amp;Tier:</source>
        <translation>&amp;Stufe:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preset:</source>
        <translation>Vorgabe:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;imeout:</source>
        <translation>&amp;Zeitlimit:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Memory:</source>
        <translation>Spei&amp;cher:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;CPUs:</source>
        <translation>CP&amp;Us:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Processes:</source>
        <translation>&amp;Prozesse:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;File size:</source>
        <translation>&amp;Dateigröße:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Working folder:</source>
        <translation>&amp;Arbeitsordner:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Output cap:</source>
        <translation>Ausgabe&amp;grenze:</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 (unavailable)</source>
        <translation>%1 (nicht verfügbar)</translation>
    </message>
    <message>
        <location line="+149"/>
        <source>Cannot save the policy to %1: %2</source>
        <translation>Die Richtlinie kann nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a usable policy: %2</source>
        <translation>%1 ist keine verwendbare Richtlinie: %2</translation>
    </message>
</context>
<context>
    <name>TierInfo</name>
    <message>
        <location filename="../tiers/container/container_tier.cpp" line="+83"/>
        <source>Container</source>
        <translation>Container</translation>
    </message>
    <message>
        <location filename="../tiers/container/container_settings.cpp" line="+42"/>
        <source>&amp;Engine</source>
        <translation>&amp;Engine</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../tiers/microvm/microvm_settings.cpp" line="+53"/>
        <source>Auto</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Auto uses Docker when its daemon answers, else Podman</source>
        <translation>Automatisch verwendet Docker, wenn sein Daemon antwortet, sonst Podman</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Image</source>
        <translation>&amp;Image</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The image every run starts from; empty for the default</source>
        <translation>Das Image, von dem jeder Lauf startet; leer für das Standard-Image</translation>
    </message>
    <message>
        <location filename="../tiers/common/warm_pool_setting.cpp" line="+10"/>
        <source>Warm poo&amp;l</source>
        <translation>&amp;Warm-Pool</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <location filename="../tiers/container/container_settings.cpp" line="+5"/>
        <source>Containers started ahead of runs, each serving one run; 0 starts every run cold</source>
        <translation>Vorab gestartete Container, jeder für genau einen Lauf; 0 startet jeden Lauf kalt</translation>
    </message>
    <message>
        <location filename="../tiers/e2b/e2b_tier.cpp" line="+69"/>
        <source>E2B</source>
        <translation>E2B</translation>
    </message>
    <message>
        <location filename="../tiers/e2b/e2b_settings.cpp" line="+58"/>
        <source>API &amp;key</source>
        <translation>API-S&amp;chlüssel</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From E2B_API_KEY</source>
        <translation>Aus E2B_API_KEY</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not set (E2B_API_KEY is empty)</source>
        <translation>Nicht gesetzt (E2B_API_KEY ist leer)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Held in memory only and never saved. When this field is empty, E2B_API_KEY from Sandbench&apos;s environment is used. E2B bills every run.</source>
        <translation>Wird nur im Arbeitsspeicher gehalten und nie gespeichert. Ist dieses Feld leer, wird E2B_API_KEY aus der Umgebung von Sandbench verwendet. E2B berechnet jeden Lauf.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Te&amp;mplate</source>
        <translation>&amp;Vorlage</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The sandbox template; it must have E2B&apos;s code interpreter</source>
        <translation>Die Sandbox-Vorlage; sie muss den Code-Interpreter von E2B enthalten</translation>
    </message>
    <message>
        <location filename="../tiers/host/host_tier.cpp" line="+23"/>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location filename="../tiers/microvm/microvm_tier.cpp" line="+64"/>
        <source>MicroVM</source>
        <translation>MicroVM</translation>
    </message>
    <message>
        <location filename="../tiers/microvm/microvm_settings.cpp" line="-2"/>
        <source>&amp;Accelerator</source>
        <translation>&amp;Beschleuniger</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TCG (emulated)</source>
        <translation>TCG (emuliert)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Auto uses KVM when it really boots a guest here, else TCG; KVM refuses to run when it cannot</source>
        <translation>Automatisch verwendet KVM, wenn damit hier wirklich ein Gast bootet, sonst TCG; KVM verweigert den Lauf, wenn es das nicht kann</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>VMs booted ahead of runs, each serving one run; 0 boots a VM for every run</source>
        <translation>Vorab gebootete VMs, jede für genau einen Lauf; 0 bootet für jeden Lauf eine VM</translation>
    </message>
    <message>
        <location filename="../tiers/subprocess/subprocess_tier.cpp" line="+128"/>
        <source>Subprocess</source>
        <translation>Unterprozess</translation>
    </message>
</context>
<context>
    <name>TierSettingsGroup</name>
    <message>
        <location filename="../gui/tier_settings_group.cpp" line="+21"/>
        <source>%1 tier</source>
        <translation>%1-Stufe</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
</context>
<context>
    <name>ToolCallView</name>
    <message>
        <location filename="../gui/tool_call_view.cpp" line="+43"/>
        <source>Open in editor</source>
        <translation>Im Editor öffnen</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Show or hide the code and its output</source>
        <translation>Code und Ausgabe ein- oder ausblenden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tier and policy this program ran with, as chosen in Tier and policy</source>
        <translation>Stufe und Richtlinie, mit denen dieses Programm lief, wie unter „Stufe und Richtlinie“ gewählt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put this code into the code editor, to change it and run it by hand on any tier</source>
        <translation>Diesen Code in den Code-Editor übernehmen, um ihn zu ändern und von Hand auf einer beliebigen Stufe auszuführen</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No output yet</source>
        <translation>Noch keine Ausgabe</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Running on %1…</source>
        <translation>Läuft auf %1…</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>[… %1 characters not shown …]
</source>
        <translation>[… %1 Zeichen nicht angezeigt …]
</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> · output truncated</source>
        <translation> · Ausgabe gekürzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · the model was told it failed</source>
        <translation> · dem Modell als Fehlschlag gemeldet</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The session ended before this program reported its result</source>
        <translation>Die Sitzung endete, bevor dieses Programm sein Ergebnis meldete</translation>
    </message>
</context>
<context>
    <name>VerdictChart</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="-171"/>
        <source>Verdicts per tier</source>
        <translation>Urteile pro Stufe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attacks</source>
        <translation>Angriffe</translation>
    </message>
    <message>
        <source>Run the lab to see verdicts</source>
        <translation>Führen Sie das Labor aus, um Urteile zu sehen</translation>
    </message>
</context>
<context>
    <name>VerdictCountsTable</name>
    <message>
        <location line="+68"/>
        <source>Tier</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Blocked</source>
        <translation>Blockiert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Allowed</source>
        <translation>Erlaubt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unexpected</source>
        <translation>Unerwartet</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leftovers</source>
        <translation>Rückstände</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failures</source>
        <translation>Versagen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attacks the tier stopped</source>
        <translation>Angriffe, die die Stufe gestoppt hat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attacks that got through, expected or not</source>
        <translation>Angriffe, die durchgekommen sind, erwartet oder nicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ALLOWED where the attack&apos;s metadata expects the tier to stop it: a failure of the tier</source>
        <translation>ALLOWED, wo die Metadaten des Angriffs erwarten, dass die Stufe ihn stoppt: ein Versagen der Stufe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attacks that never got to try: they say nothing about the tier</source>
        <translation>Angriffe, die nie zum Versuch kamen: Sie sagen nichts über die Stufe aus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cells whose run left something behind (processes, folders, containers, sockets): failures whatever the verdict</source>
        <translation>Zellen, deren Lauf etwas hinterlassen hat (Prozesse, Ordner, Container, Sockets): Versagen, wie auch immer das Urteil lautet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cells with an unexpected ALLOWED, leftovers or both</source>
        <translation>Zellen mit einem unerwarteten ALLOWED, Rückständen oder beidem</translation>
    </message>
    <message>
        <source>Not possible</source>
        <translation>Nicht möglich</translation>
    </message>
    <message>
        <source>Control cells whose attack cannot work on this machine (not root, no loadable modules): left out of the other counts and of the chart</source>
        <translation>Zellen der Kontrolle, deren Angriff auf diesem Rechner nicht gelingen kann (nicht root, keine ladbaren Module): in den anderen Zählungen und im Diagramm nicht enthalten</translation>
    </message>
</context>
<context>
    <name>labrun</name>
    <message>
        <location filename="../gui/lab_run_file.cpp" line="+36"/>
        <source>Not valid JSON at byte %1: %2</source>
        <translation>Kein gültiges JSON bei Byte %1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The lab run holds no outcomes</source>
        <translation>Der Laborlauf enthält keine Ergebnisse</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>outcome %1</source>
        <translation>Ergebnis %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Not a lab run: expected an array of outcomes, as `sandbench-cli attacks --json` writes, or a lab-run document, as the workbench exports</source>
        <translation>Kein Laborlauf: erwartet wird ein Array von Ergebnissen, wie `sandbench-cli attacks --json` es schreibt, oder ein Laborlauf-Dokument, wie die Werkbank es exportiert</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: must be an object</source>
        <translation>%1: muss ein Objekt sein</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: &quot;verdict&quot; is &quot;%2&quot;, not BLOCKED, ALLOWED or ERROR</source>
        <translation>%1: &quot;verdict&quot; ist &quot;%2&quot;, nicht BLOCKED, ALLOWED oder ERROR</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>outcome %1, result</source>
        <translation>Ergebnis %1, result</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1: written by a newer Sandbench (format version %2); update Sandbench to open it</source>
        <translation>%1: von einem neueren Sandbench geschrieben (Formatversion %2); aktualisieren Sie Sandbench, um es zu öffnen</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>labrun::Reader</name>
    <message>
        <location line="-51"/>
        <source>%1: &quot;%2&quot; is empty</source>
        <translation>%1: &quot;%2&quot; ist leer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the key &quot;%2&quot; is missing</source>
        <translation>%1: der Schlüssel &quot;%2&quot; fehlt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: &quot;%2&quot; must be a string</source>
        <translation>%1: &quot;%2&quot; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: &quot;%2&quot; must be true or false</source>
        <translation>%1: &quot;%2&quot; muss true oder false sein</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: &quot;%2&quot; must be a number, not negative</source>
        <translation>%1: &quot;%2&quot; muss eine nicht negative Zahl sein</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: &quot;%2&quot; must be a whole number or null</source>
        <translation>%1: &quot;%2&quot; muss eine ganze Zahl oder null sein</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: &quot;%2&quot; is out of range</source>
        <translation>%1: &quot;%2&quot; liegt außerhalb des zulässigen Bereichs</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: &quot;%2&quot; is &quot;%3&quot;, not a known stop reason</source>
        <translation>%1: &quot;%2&quot; ist &quot;%3&quot;, kein bekannter Abbruchgrund</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>%1: &quot;%2&quot; must be an array of strings</source>
        <translation>%1: &quot;%2&quot; muss ein Array von Zeichenketten sein</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>%1: &quot;%2&quot; must be an object</source>
        <translation>%1: &quot;%2&quot; muss ein Objekt sein</translation>
    </message>
</context>
</TS>

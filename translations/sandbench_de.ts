<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AgentChatDock</name>
    <message>
        <location filename="../gui/agent_chat_dock.cpp" line="+39"/>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation type="vanished">Ändern…</translation>
    </message>
    <message>
        <location line="+20"/>
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
        <location line="+14"/>
        <source>Transcript</source>
        <translation>Transkript</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save the last session, once it has ended</source>
        <translation>Die letzte Sitzung speichern, sobald sie beendet ist</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This program run&apos;s chats, labelled by the tiers their programs ran on: choose one to read it again or continue it</source>
        <translation>Die Chats dieser Programmsitzung, benannt nach den Stufen, auf denen ihre Programme liefen: einen wählen, um ihn erneut zu lesen oder fortzusetzen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Start a new conversation; this one stays in the chat list</source>
        <translation>Ein neues Gespräch beginnen; dieses bleibt in der Chatliste</translation>
    </message>
    <message>
        <source>Choose the tier and policy the model&apos;s programs run on</source>
        <translation type="vanished">Stufe und Richtlinie wählen, unter denen die Programme des Modells laufen</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · waiting for the model…</source>
        <translation type="vanished">Runde %1 von %2 · warte auf das Modell…</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · the model&apos;s program runs on %3…</source>
        <translation type="vanished">Runde %1 von %2 · das Programm des Modells läuft auf %3…</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Policy…</source>
        <translation>Richtlinie…</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>&amp;Replay on Tier…</source>
        <translation>Auf Stufe &amp;wiederholen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run every program of this session again on another tier, without the model, and show call by call where the results differ</source>
        <translation>Jedes Programm dieser Sitzung ohne das Modell erneut auf einer anderen Stufe ausführen und Aufruf für Aufruf zeigen, wo die Ergebnisse abweichen</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>A bundled data-analysis task: its request goes into the input box and its data become the input files</source>
        <translation>Eine mitgelieferte Datenanalyse-Aufgabe: ihre Anfrage kommt ins Eingabefeld, ihre Daten werden zu den Eingabedateien</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Set the policy (and the tier&apos;s settings) the model&apos;s programs run under, in the Tier and policy pane</source>
        <translation>Die Richtlinie (und die Einstellungen der Stufe), unter der die Programme des Modells laufen, im Bereich Stufe und Richtlinie festlegen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tier the model&apos;s programs run on: the workbench&apos;s current tier</source>
        <translation>Die Stufe, auf der die Programme des Modells laufen: die aktuelle Stufe der Werkbank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>choose a tier</source>
        <translation>Stufe wählen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Runs on</source>
        <translation>Läuft auf</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Turn %1 (call %2 of at most %3 for this message) · waiting for the model…</source>
        <translation>Runde %1 (Aufruf %2 von höchstens %3 für diese Nachricht) · warte auf das Modell…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Turn %1 (call %2 of at most %3 for this message) · the model&apos;s program runs on %4…</source>
        <translation>Runde %1 (Aufruf %2 von höchstens %3 für diese Nachricht) · das Programm des Modells läuft auf %4…</translation>
    </message>
    <message>
        <location line="+28"/>
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
        <location line="+22"/>
        <source>Starting: %1 · programs run on %2 (%3)</source>
        <translation>Start: %1 · Programme laufen auf %2 (%3)</translation>
    </message>
    <message>
        <location line="+12"/>
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
        <location line="+12"/>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2 at %3</source>
        <translation>%1 %2 auf %3</translation>
    </message>
    <message>
        <location line="+7"/>
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
    <message>
        <location line="+8"/>
        <source>Chat %1 · new</source>
        <translation>Chat %1 · neu</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Chat %1 · %2 · %3</source>
        <translation>Chat %1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>New chat: the model remembers nothing of the earlier ones</source>
        <translation>Neuer Chat: Das Modell weiß nichts von den früheren</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Runs on %1 · %2</source>
        <translation>Läuft auf %1 · %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>No tier can run: %1</source>
        <translation>Keine Stufe kann laufen: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A task is ready: press Send (its data are the input files, at /data)</source>
        <translation>Eine Aufgabe ist bereit: Senden drücken (ihre Daten sind die Eingabedateien, unter /data)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Attached %1 as input files: the model&apos;s programs read them at /data</source>
        <translation>%1 als Eingabedateien angehängt: die Programme des Modells lesen sie unter /data</translation>
    </message>
</context>
<context>
    <name>AgentController</name>
    <message>
        <location filename="../gui/agent_controller.cpp" line="+152"/>
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
        <location filename="../gui/agent_settings_panel.cpp" line="+51"/>
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
    <name>ArtifactPreview</name>
    <message>
        <location filename="../gui/artifact_preview.cpp" line="+22"/>
        <source>not a picture</source>
        <translation>kein Bild</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not drawn: the SVG refers to files or addresses outside itself</source>
        <translation>nicht gezeichnet: das SVG verweist auf Dateien oder Adressen außerhalb seiner selbst</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>its size cannot be read</source>
        <translation>seine Größe ist nicht lesbar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a readable %1 picture</source>
        <translation>kein lesbares %1-Bild</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not drawn: %1 × %2 pixels is too large to preview</source>
        <translation>nicht gezeichnet: %1 × %2 Pixel sind zu groß für eine Vorschau</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cannot be decoded: %1</source>
        <translation>nicht dekodierbar: %1</translation>
    </message>
</context>
<context>
    <name>ArtifactShelf</name>
    <message>
        <location filename="../gui/artifact_shelf.cpp" line="+71"/>
        <source>Not collected: %1</source>
        <translation>Nicht übernommen: %1</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save %1 on this computer</source>
        <translation>%1 auf diesem Rechner speichern</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No such artifact</source>
        <translation>Dieses Artefakt gibt es nicht</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save artifact</source>
        <translation>Artefakt speichern</translation>
    </message>
</context>
<context>
    <name>Attack</name>
    <message>
        <location filename="../build/dev/gui/attack_texts.cpp" line="+2"/>
        <source>CPU loop</source>
        <translation>CPU-Schleife</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory grab (512 MB)</source>
        <translation>Speicher greifen (512 MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fork flood (200 procs)</source>
        <translation>Fork-Flut (200 Prozesse)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk fill (50 MB)</source>
        <translation>Platte füllen (50 MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read host secret</source>
        <translation>Geheimnis des Hosts lesen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach internal service</source>
        <translation>Internen Dienst erreichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Canary in os.environ</source>
        <translation>Kanarienvogel in os.environ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Canary in /proc/self/environ</source>
        <translation>Kanarienvogel in /proc/self/environ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Canary in other processes&apos; environ</source>
        <translation>Kanarienvogel im environ anderer Prozesse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read secret dotfile in home</source>
        <translation>Geheime Punktdatei im Home lesen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read secret through a symlink</source>
        <translation>Geheimnis über einen Symlink lesen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read secret via /proc/*/root</source>
        <translation>Geheimnis über /proc/*/root lesen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach service on [::1]</source>
        <translation>Dienst auf [::1] erreichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach Unix socket by path</source>
        <translation>Unix-Socket über seinen Pfad erreichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach abstract Unix socket</source>
        <translation>Abstrakten Unix-Socket erreichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UDP to loopback echo</source>
        <translation>UDP an ein Loopback-Echo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DNS exfiltration</source>
        <translation>Ausleiten über DNS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write into the Python library</source>
        <translation>In die Python-Bibliothek schreiben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dotfile persistence in home</source>
        <translation>Einnisten per Punktdatei im Home</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk fill (400 x 512 KB)</source>
        <translation>Platte füllen (400 × 512 KB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fill /dev/shm (128 MB)</source>
        <translation>/dev/shm füllen (128 MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create a setuid file</source>
        <translation>Eine setuid-Datei anlegen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory spread (4 x 150 MB)</source>
        <translation>Speicher verteilt (4 × 150 MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thread bomb (1000 threads)</source>
        <translation>Thread-Bombe (1000 Threads)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sleep forever (wall clock only)</source>
        <translation>Ewig schlafen (nur Wanduhr)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU burn on all cores</source>
        <translation>CPU-Last auf allen Kernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output flood (20 MB)</source>
        <translation>Ausgabeflut (20 MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One 20 MB line (no newline)</source>
        <translation>Eine 20-MB-Zeile (ohne Zeilenumbruch)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host memory size</source>
        <translation>Speichergröße des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host CPU model</source>
        <translation>CPU-Modell des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host kernel version</source>
        <translation>Kernelversion des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host hostname</source>
        <translation>Hostname des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>See other tenants&apos; processes</source>
        <translation>Prozesse anderer Mandanten sehen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>See and signal a host process</source>
        <translation>Einen Host-Prozess sehen und ihm ein Signal senden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Survive the timeout</source>
        <translation>Das Zeitlimit überleben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ptrace a host process</source>
        <translation>Einen Host-Prozess per ptrace steuern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read a host process&apos;s memory</source>
        <translation>Speicher eines Host-Prozesses lesen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>io_uring setup</source>
        <translation>io_uring einrichten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw and packet sockets</source>
        <translation>Raw- und Paket-Sockets</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Netlink and vsock sockets</source>
        <translation>Netlink- und vsock-Sockets</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal injection (TIOCSTI)</source>
        <translation>Terminal-Einschleusung (TIOCSTI)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kernel keyring</source>
        <translation>Kernel-Schlüsselbund</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mount a filesystem</source>
        <translation>Ein Dateisystem einhängen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unshare into new namespaces</source>
        <translation>In neue Namensräume wechseln (unshare)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load a kernel module</source>
        <translation>Ein Kernelmodul laden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forge the run&apos;s end and outlive it</source>
        <translation>Das Ende des Laufs fälschen und ihn überleben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New mount-table calls</source>
        <translation>Neue Aufrufe der Einhängetabelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory across processes (4 x 200 MB)</source>
        <translation>Speicher über Prozesse (4 × 200 MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Socket buffer memory (400 MB)</source>
        <translation>Socket-Pufferspeicher (400 MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take every inotify instance of the uid</source>
        <translation>Alle inotify-Instanzen der UID belegen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue every pending signal of the uid</source>
        <translation>Alle ausstehenden Signale der UID belegen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host identifiers in /proc and /etc</source>
        <translation>Kennungen des Hosts in /proc und /etc</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host disk and storage paths in the mount table</source>
        <translation>Platten und Speicherpfade des Hosts in der Einhängetabelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host boot id</source>
        <translation>Boot-ID des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change a planted input in /data</source>
        <translation>Eine ausgelegte Eingabe in /data ändern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link an artifact to the host secret</source>
        <translation>Ein Artefakt mit dem Geheimnis des Hosts verknüpfen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link an artifact to a host input</source>
        <translation>Ein Artefakt mit einer Eingabe des Hosts verknüpfen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Artifact flood (10,000 files, 1 GB sparse)</source>
        <translation>Artefaktflut (10.000 Dateien, 1 GB dünn belegt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hostile artifact names</source>
        <translation>Feindselige Artefaktnamen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Images that are not what their names say</source>
        <translation>Bilder, die nicht sind, was ihre Namen sagen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: reach the allowed name (function check)</source>
        <translation>Ausgang: den erlaubten Namen erreichen (Funktionsprüfung)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a name not listed</source>
        <translation>Ausgang: ein nicht gelisteter Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: the allowed name on another port</source>
        <translation>Ausgang: der erlaubte Name auf einem anderen Port</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: an IP literal</source>
        <translation>Ausgang: eine IP-Adresse statt eines Namens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a DNS query</source>
        <translation>Ausgang: eine DNS-Anfrage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a direct connection past the proxy</source>
        <translation>Ausgang: eine direkte Verbindung am Proxy vorbei</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a TLS name other than the CONNECT&apos;s</source>
        <translation>Ausgang: ein anderer TLS-Name als der des CONNECT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a Host header other than the CONNECT&apos;s</source>
        <translation>Ausgang: ein anderer Host-Header als der des CONNECT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: the secret sent to another listed host</source>
        <translation>Ausgang: das Geheimnis an einen anderen gelisteten Host</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: read the secret&apos;s real value</source>
        <translation>Ausgang: den echten Wert des Geheimnisses lesen</translation>
    </message>
</context>
<context>
    <name>AttackLabPage</name>
    <message>
        <location filename="../gui/attack_lab_page.cpp" line="+63"/>
        <source>A folder of *.py attacks, each with a metadata header</source>
        <translation>Ein Ordner mit *.py-Angriffen, jeder mit einem Metadaten-Kopf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Suite:</source>
        <translation>Sammlung:</translation>
    </message>
    <message>
        <location line="+8"/>
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
        <location line="+14"/>
        <source> runs</source>
        <translation> Läufe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timed runs per tier in a bench</source>
        <translation>Gemessene Läufe pro Stufe bei einer Messung</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>%1, %2 (%3), %4, %5</source>
        <translation>%1, %2 (%3), %4, %5</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n blocked</source>
        <translation>
            <numerusform>%n blockiert</numerusform>
            <numerusform>%n blockiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n allowed</source>
        <translation>
            <numerusform>%n durchgelassen</numerusform>
            <numerusform>%n durchgelassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n unexpected</source>
        <translation>
            <numerusform>%n unerwartet</numerusform>
            <numerusform>%n unerwartet</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 error</source>
        <translation>1 Fehler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 errors</source>
        <translation>%1 Fehler</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n with leftovers</source>
        <translation>
            <numerusform>%n mit Rückständen</numerusform>
            <numerusform>%n mit Rückständen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Use warm sandboxes</source>
        <translation>Vorgewärmte Sandboxen verwenden</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Serve the lab&apos;s runs from sandboxes each tier starts ahead, one per run, and end them after the lab; unchecked, every run starts its own sandbox</source>
        <translation>Die Läufe des Labors aus Sandboxen bedienen, die jede Stufe vorab startet, eine je Lauf, und sie nach dem Labor beenden; abgewählt startet jeder Lauf seine eigene Sandbox</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>print(1)</source>
        <translation>print(1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all workloads</source>
        <translation>alle Arbeitslasten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the bench times: print(1) alone, or also the bundled workloads (imports, a CPU loop, system calls, file I/O, child processes), each against the bare host</source>
        <translation>Was die Messung misst: nur print(1) oder auch die mitgelieferten Arbeitslasten (Importe, eine CPU-Schleife, Systemaufrufe, Datei-E/A, Kindprozesse), jeweils gegen den nackten Host</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+46"/>
        <source>Check the tiers to attack and press Run suite: a row per attack, a column per tier, each cell filled as its attack finishes</source>
        <translation>Wählen Sie die anzugreifenden Stufen und drücken Sie „Sammlung ausführen“: eine Zeile je Angriff, eine Spalte je Stufe, jede Zelle gefüllt, sobald ihr Angriff fertig ist</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Bench figures</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>%1 failed: %2</source>
        <translation>%1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attack Lab stopped: %1</source>
        <translation>Angriffslabor gestoppt: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attack Lab finished: %1</source>
        <translation>Angriffslabor beendet: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2 s wall time</source>
        <translation>%1 — %2 s Gesamtzeit</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Bench stopped</source>
        <translation>Messung gestoppt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bench finished</source>
        <translation>Messung beendet</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Choose an attack suite folder</source>
        <translation>Ordner der Angriffssammlung wählen</translation>
    </message>
    <message>
        <location line="+45"/>
        <location line="+64"/>
        <location line="+123"/>
        <source>Stop the current run first</source>
        <translation>Stoppen Sie zuerst den laufenden Durchgang</translation>
    </message>
    <message>
        <location line="-185"/>
        <location line="+62"/>
        <source>Check at least one tier that can run here</source>
        <translation>Wählen Sie mindestens eine Stufe, die hier laufen kann</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>Cannot load the suite: %1</source>
        <translation>Die Testsammlung kann nicht geladen werden: %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Cannot set up the attack targets: %1</source>
        <translation>Die Angriffsziele können nicht eingerichtet werden: %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot load the workloads: %1</source>
        <translation>Die Arbeitslasten lassen sich nicht laden: %1</translation>
    </message>
    <message>
        <location line="+30"/>
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
        <location line="+51"/>
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
        <location line="+71"/>
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
</context>
<context>
    <name>AttackMatrixModel</name>
    <message>
        <location filename="../gui/attack_matrix_model.cpp" line="+80"/>
        <source>(inferred)</source>
        <translation>(abgeleitet)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (expected)</source>
        <translation>%1 (erwartet)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not possible here</source>
        <translation>hier nicht möglich</translation>
    </message>
    <message>
        <location line="+61"/>
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
        <location line="+2"/>
        <source>The control&apos;s %1 proves nothing here: left out of the counts</source>
        <translation>Das %1 der Kontrolle beweist hier nichts: nicht mitgezählt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
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
</context>
<context>
    <name>CellDetails</name>
    <message>
        <location filename="../gui/cell_details.cpp" line="+64"/>
        <source>Click a cell of the matrix to see why the tier decided as it did.</source>
        <translation>Klicken Sie auf eine Zelle der Matrix, um zu sehen, warum die Stufe so entschieden hat.</translation>
    </message>
    <message>
        <location line="-24"/>
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
        <location line="+24"/>
        <source>Click a cell of the matrix to see its attack&apos;s code.</source>
        <translation>Klicken Sie auf eine Zelle der Matrix, um den Code ihres Angriffs zu sehen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run was opened without the attack&apos;s code.</source>
        <translation>Dieser Lauf wurde ohne den Code des Angriffs geöffnet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run wrote nothing here.</source>
        <translation>Der Lauf hat hier nichts ausgegeben.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The attack has not finished on this tier.</source>
        <translation>Der Angriff ist auf dieser Stufe noch nicht fertig.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a cell of the matrix to see what its run wrote.</source>
        <translation>Klicken Sie auf eine Zelle der Matrix, um zu sehen, was ihr Lauf ausgegeben hat.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has not finished on this tier.</source>
        <translation>%1 ist auf dieser Stufe noch nicht fertig.</translation>
    </message>
    <message>
        <location line="+7"/>
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
        <location line="+3"/>
        <source>Not possible here: left out of the counts and the chart</source>
        <translation>Hier nicht möglich: nicht in den Zählungen und im Diagramm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evidence: %1</source>
        <translation>Nachweis: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run: %1</source>
        <translation>Lauf: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped by: %1</source>
        <translation>Gestoppt durch: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tier&apos;s evidence: %1</source>
        <translation>Nachweis der Stufe: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Network: what the egress proxy allowed and refused</source>
        <translation>Netzwerk: was der Egress-Proxy zuließ und verweigerte</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+3"/>
        <source>
[truncated by the output cap]</source>
        <translation>
[durch die Ausgabegrenze abgeschnitten]</translation>
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
        <location filename="../gui/chat_view.cpp" line="+69"/>
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
        <source>Finished: the model answered at turn %1 of %2.</source>
        <translation type="vanished">Beendet: Das Modell hat in Runde %1 von %2 geantwortet.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Finished: the model answered at turn %1 (model calls for this message: %2 of at most %3).</source>
        <translation>Fertig: Das Modell hat in Runde %1 geantwortet (Modellaufrufe für diese Nachricht: %2 von höchstens %3).</translation>
    </message>
    <message>
        <location line="+5"/>
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
    <name>ComparisonDialog</name>
    <message>
        <location filename="../gui/comparison_dialog.cpp" line="+27"/>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by %1</source>
        <translation>beendet durch %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no exit status</source>
        <translation>kein Exit-Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>did not run</source>
        <translation>lief nicht</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, cut at the cap</source>
        <translation>%1, an der Grenze abgeschnitten</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+3"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>warm</source>
        <translation>warm</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cold</source>
        <translation>kalt</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Ended</source>
        <translation>Ende</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped by</source>
        <translation>Gestoppt durch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Evidence</source>
        <translation>Nachweis</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wall time</source>
        <translation>Gesamtzeit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPU time</source>
        <translation>CPU-Zeit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Peak memory</source>
        <translation>Spitzenspeicher</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Standard output</source>
        <translation>Standardausgabe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Standard error</source>
        <translation>Standardfehler</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>how it ended</source>
        <translation>wie er endete</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>what stopped it</source>
        <translation>was ihn stoppte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard output</source>
        <translation>Standardausgabe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard error</source>
        <translation>Standardfehler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output cut at the cap</source>
        <translation>Ausgabe an der Grenze abgeschnitten</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Run on ticked tiers</source>
        <translation>Auf den angehakten Stufen &amp;ausführen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Stoppen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Run on all tiers</source>
        <translation>Auf allen Stufen ausführen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tiers the program runs on, side by side; the host control only when you tick it, since it isolates nothing. A change applies to the next run</source>
        <translation>Die Stufen, auf denen das Programm nebeneinander läuft; die Host-Kontrolle nur, wenn Sie sie anhaken, da sie nichts isoliert. Eine Änderung gilt ab dem nächsten Lauf</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stop every tier at once; each kills everything it started</source>
        <translation>Alle Stufen auf einmal stoppen; jede beendet alles, was sie gestartet hat</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 of %2 tiers finished…</source>
        <translation>%1 von %2 Stufen fertig…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Checking which tiers can run here…</source>
        <translation>Prüfe, welche Stufen hier laufen können…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot run here: %1</source>
        <translation>Kann hier nicht laufen: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tick the tiers to compare and press Run</source>
        <translation>Haken Sie die zu vergleichenden Stufen an und drücken Sie Ausführen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Tick at least one tier that can run here</source>
        <translation>Haken Sie mindestens eine Stufe an, die hier laufen kann</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>There is no program to run</source>
        <translation>Es gibt kein Programm zum Ausführen</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>Running on %n tier(s) side by side…</source>
        <translation>
            <numerusform>Läuft auf %n Stufe…</numerusform>
            <numerusform>Läuft auf %n Stufen nebeneinander…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping every tier…</source>
        <translation>Stoppe alle Stufen…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 (control)</source>
        <translation>%1 (Kontrolle)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Differs from most of the tiers</source>
        <translation>Weicht von den meisten Stufen ab</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>── standard error ──</source>
        <translation>── Standardfehler ──</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No differences between the tiers besides timings and memory</source>
        <translation>Keine Unterschiede zwischen den Stufen außer Zeiten und Speicher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 Differs: %2 (timings and memory never count)</source>
        <translation>%1 Abweichungen: %2 (Zeiten und Speicher zählen nie)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped: every tier was cancelled. %1</source>
        <translation>Gestoppt: Alle Stufen wurden abgebrochen. %1</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <location filename="../core/engine_phrases.cpp" line="+17"/>
        <source>cancelled by the user</source>
        <translation>vom Benutzer abgebrochen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled by the user at %1 s; the sandbox&apos;s PID namespace was killed</source>
        <translation>vom Benutzer nach %1 s abgebrochen; der PID-Namensraum der Sandbox wurde beendet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed at %1 s wall timeout (SIGKILL to the sandbox&apos;s PID namespace)</source>
        <translation>nach %1 s Zeitlimit beendet (SIGKILL an den PID-Namensraum der Sandbox)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed at the %1 s wall-clock limit</source>
        <translation>an der Zeitgrenze von %1 s beendet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the VM&apos;s QEMU process was killed and reaped (%2)</source>
        <translation>%1: Der QEMU-Prozess der VM wurde beendet und eingesammelt (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: `%2 kill` ended the container and it is gone</source>
        <translation>%1: `%2 kill` hat den Container beendet, er ist fort</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: `%2 kill` ended the container; %3</source>
        <translation>%1: `%2 kill` hat den Container beendet; %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest kernel&apos;s OOM killer ended %1 process(es) in the VM&apos;s %2 MB of RAM</source>
        <translation>der OOM-Killer des Gastkernels beendete %1 Prozess(e) in den %2 MB RAM der VM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ended by the deadline after %1 s (the host tier has no limits of its own)</source>
        <translation>nach %1 s durch die Frist beendet (die Host-Stufe hat keine eigenen Grenzen)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the run&apos;s memory cgroup (%1 MB for all its processes, kernel memory included) was full, and its OOM killer ended %2 process</source>
        <translation>die Speicher-cgroup des Laufs (%1 MB für alle seine Prozesse, Kernelspeicher inbegriffen) war voll, ihr OOM-Killer beendete %2 Prozess</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the run&apos;s memory cgroup (%1 MB for all its processes, kernel memory included) was full, and its OOM killer ended %2 processes</source>
        <translation>die Speicher-cgroup des Laufs (%1 MB für alle seine Prozesse, Kernelspeicher inbegriffen) war voll, ihr OOM-Killer beendete %2 Prozesse</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the sandbox ended before reporting the program&apos;s status</source>
        <translation>die Sandbox endete, bevor sie den Status des Programms meldete</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seccomp denied %1 (answered EOPNOTSUPP)</source>
        <translation>seccomp verweigerte %1 (Antwort EOPNOTSUPP)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the run&apos;s pids cgroup (pids.max %1, init included) refused %2 fork</source>
        <translation>die pids-cgroup des Laufs (pids.max %1, init inbegriffen) verweigerte %2 fork</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the run&apos;s pids cgroup (pids.max %1, init included) refused %2 forks</source>
        <translation>die pids-cgroup des Laufs (pids.max %1, init inbegriffen) verweigerte %2 forks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the run&apos;s pids cgroup refused %2 fork too)</source>
        <translation>%1 (die pids-cgroup des Laufs verweigerte auch %2 fork)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the run&apos;s pids cgroup refused %2 forks too)</source>
        <translation>%1 (die pids-cgroup des Laufs verweigerte auch %2 forks)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>output beyond %1 bytes per stream was drained and dropped</source>
        <translation>Ausgabe über %1 Bytes je Strom wurde gelesen und verworfen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the kernel&apos;s OOM killer ran %1 time(s) at the container&apos;s %2 MB %3</source>
        <translation>der OOM-Killer des Kernels lief %1-mal an der %2-MB-Grenze des Containers: %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the %1 refused %2 fork(s) at %3 processes</source>
        <translation>%1 verweigerte %2 fork(s) bei %3 Prozessen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the pids cgroup counted %2 refusal)</source>
        <translation>%1 (die pids-cgroup zählte %2 Verweigerung)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the pids cgroup counted %2 refusals)</source>
        <translation>%1 (die pids-cgroup zählte %2 Verweigerungen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host still saw %1 process(es) of the container after its waiter&apos;s report, and `%2 kill` ended them</source>
        <translation>der Host sah nach dem Bericht des Wächters noch %1 Prozess(e) des Containers, `%2 kill` beendete sie</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>killed by %1 at the %2 s CPU limit (%3 s CPU used)</source>
        <translation>durch %1 an der CPU-Grenze von %2 s beendet (%3 s CPU verbraucht)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by %1 at the %2 s CPU limit</source>
        <translation>durch %1 an der CPU-Grenze von %2 s beendet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by SIGXFSZ: file larger than the %1 MB %2</source>
        <translation>durch SIGXFSZ beendet: Datei größer als %1 MB (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by SIGSYS: a system call forbidden by seccomp</source>
        <translation>durch SIGSYS beendet: ein von seccomp verbotener Systemaufruf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by %1: %2</source>
        <translation>durch %1 beendet: %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>killed by %1</source>
        <translation>durch %1 beendet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MemoryError under the %1 MB %2</source>
        <translation>MemoryError unter %1 MB (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fork: EAGAIN under the %1-process %2</source>
        <translation>fork: EAGAIN bei %1 Prozessen (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>write: EFBIG, file larger than the %1 MB %2</source>
        <translation>write: EFBIG, Datei größer als %1 MB (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>write: ENOSPC, the %1 MB %2 is full</source>
        <translation>write: ENOSPC, %1 MB voll (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connect: network unreachable (%1)</source>
        <translation>connect: Netz nicht erreichbar (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connect: connection refused (%1)</source>
        <translation>connect: Verbindung abgelehnt (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>path not present in sandbox (%1): %2</source>
        <translation>Pfad in der Sandbox nicht vorhanden (%1): %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>write: EROFS, read-only file system (%1)</source>
        <translation>write: EROFS, schreibgeschütztes Dateisystem (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no exit status</source>
        <translation>kein Exit-Status</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>address-space limit (RLIMIT_AS)</source>
        <translation>Adressraumgrenze (RLIMIT_AS)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>limit (RLIMIT_NPROC, counted in the sandbox&apos;s own user namespace)</source>
        <translation>Grenze (RLIMIT_NPROC, gezählt im eigenen Benutzernamensraum der Sandbox)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file-size limit (RLIMIT_FSIZE)</source>
        <translation>Dateigrößengrenze (RLIMIT_FSIZE)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmpfs working folder</source>
        <translation>tmpfs-Arbeitsordner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty network namespace</source>
        <translation>leerer Netz-Namensraum</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>private mount namespace with a minimal read-only view</source>
        <translation>privater Mount-Namensraum mit minimaler, schreibgeschützter Sicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory cgroup limit (--memory, no swap)</source>
        <translation>Speicher-cgroup-Grenze (--memory, ohne Swap)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pids cgroup limit (--pids-limit)</source>
        <translation>pids-cgroup-Grenze (--pids-limit)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file-size rlimit (--ulimit fsize)</source>
        <translation>Dateigrößen-rlimit (--ulimit fsize)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped tmpfs /tmp (--tmpfs size)</source>
        <translation>größenbegrenztes tmpfs /tmp (--tmpfs size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the engine&apos;s default network</source>
        <translation>das Standardnetz der Engine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network namespace route (--network none)</source>
        <translation>keine Route im Netz-Namensraum (--network none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only container root (--read-only), no host folder mounted</source>
        <translation>schreibgeschützte Container-Wurzel (--read-only), kein Host-Ordner eingehängt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest RLIMIT_AS (the guest&apos;s own kernel)</source>
        <translation>RLIMIT_AS des Gasts (dessen eigener Kernel)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest RLIMIT_NPROC (the guest&apos;s own kernel)</source>
        <translation>RLIMIT_NPROC des Gasts (dessen eigener Kernel)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest RLIMIT_FSIZE (the guest&apos;s own kernel)</source>
        <translation>RLIMIT_FSIZE des Gasts (dessen eigener Kernel)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped tmpfs /tmp in the guest</source>
        <translation>größenbegrenztes tmpfs /tmp im Gast</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network device in the VM (-nic none)</source>
        <translation>kein Netzgerät in der VM (-nic none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest&apos;s own root filesystem, no host folder shared</source>
        <translation>das eigene Wurzeldateisystem des Gasts, kein Host-Ordner geteilt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a separate microVM on E2B&apos;s hosts: no file of this machine is there</source>
        <translation>eine eigene MicroVM auf den Hosts von E2B: keine Datei dieses Rechners ist dort</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>network namespace with loopback only: its one way out is the egress proxy</source>
        <translation>Netz-Namensraum nur mit Loopback: sein einziger Weg hinaus ist der Egress-Proxy</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no network namespace route (--network none): its one way out is the egress proxy</source>
        <translation>keine Route im Netz-Namensraum (--network none): sein einziger Weg hinaus ist der Egress-Proxy</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no network device in the VM (-nic none): its one way out is the egress proxy, through a virtio-serial port</source>
        <translation>kein Netzwerkgerät in der VM (-nic none): ihr einziger Weg hinaus ist der Egress-Proxy, über einen virtio-serial-Port</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the %1 tier cannot enforce a network allow list (the policy&apos;s &quot;network&quot;: {&quot;allow&quot;: ...} and &quot;secrets&quot;): run it on the subprocess, container, gVisor or microVM tier, or with &quot;network&quot;: false or true; no user code ran</source>
        <translation>die Stufe %1 kann keine Netzwerk-Erlaubnisliste durchsetzen (&quot;network&quot;: {&quot;allow&quot;: ...} und &quot;secrets&quot; der Richtlinie): auf der Stufe subprocess, container, gVisor oder microVM ausführen, oder mit &quot;network&quot;: false oder true; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>secret %1 has no value: give it in the workbench&apos;s secret field; no user code ran</source>
        <translation>Geheimnis %1 hat keinen Wert: im Geheimnisfeld der Werkbank angeben; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>secret %1 has no value: set %2 in Sandbench&apos;s environment; no user code ran</source>
        <translation>Geheimnis %1 hat keinen Wert: %2 in der Umgebung von Sandbench setzen; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a network allow list needs mitmproxy&apos;s mitmdump, which is not installed here: install the Debian package mitmproxy (scripts/install-deps.sh does), or set SANDBENCH_MITMDUMP</source>
        <translation>eine Netzwerk-Erlaubnisliste braucht mitmdump von mitmproxy, das hier nicht installiert ist: das Debian-Paket mitmproxy installieren (scripts/install-deps.sh tut es) oder SANDBENCH_MITMDUMP setzen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a network allow list needs mitmproxy&apos;s mitmdump, which is not installed here: install the Debian package mitmproxy (scripts/install-deps.sh does), or set SANDBENCH_MITMDUMP; no user code ran</source>
        <translation>eine Netzwerk-Erlaubnisliste braucht mitmdump von mitmproxy, das hier nicht installiert ist: das Debian-Paket mitmproxy installieren (scripts/install-deps.sh tut es) oder SANDBENCH_MITMDUMP setzen; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a network allow list needs setpriv (util-linux) to tie the proxy&apos;s life to Sandbench&apos;s</source>
        <translation>eine Netzwerk-Erlaubnisliste braucht setpriv (util-linux), um das Leben des Proxys an das von Sandbench zu binden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a network allow list needs setpriv (util-linux) to tie the proxy&apos;s life to Sandbench&apos;s; no user code ran</source>
        <translation>eine Netzwerk-Erlaubnisliste braucht setpriv (util-linux), um das Leben des Proxys an das von Sandbench zu binden; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot start the egress proxy: %1; no user code ran</source>
        <translation>der Egress-Proxy kann nicht gestartet werden: %1; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the egress proxy (mitmdump) ended before it listened: %1; no user code ran</source>
        <translation>der Egress-Proxy (mitmdump) endete, bevor er lauschte: %1; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the egress proxy (mitmdump) did not listen within %1 s: %2; no user code ran</source>
        <translation>der Egress-Proxy (mitmdump) lauschte nicht innerhalb von %1 s: %2; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the egress proxy made no CA certificate: %1; no user code ran</source>
        <translation>der Egress-Proxy erstellte kein CA-Zertifikat: %1; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the egress proxy&apos;s CA certificate is larger than a sandbox takes; no user code ran</source>
        <translation>das CA-Zertifikat des Egress-Proxys ist größer, als eine Sandbox aufnimmt; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the egress proxy %1 (the policy&apos;s allow list)</source>
        <translation>der Egress-Proxy: %1 (die Erlaubnisliste der Richtlinie)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the egress proxy %1 (the policy&apos;s allow list and secret rules)</source>
        <translation>der Egress-Proxy: %1 (die Erlaubnisliste und die Geheimnisregeln der Richtlinie)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>address-space limit</source>
        <translation>Adressraumgrenze</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>process limit</source>
        <translation>Prozessgrenze</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>file-size limit</source>
        <translation>Dateigrößengrenze</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped working folder</source>
        <translation>größenbegrenzter Arbeitsordner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network</source>
        <translation>kein Netz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>private filesystem view</source>
        <translation>private Sicht aufs Dateisystem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>marker %1 in stdout</source>
        <translation>Marke %1 in stdout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>marker %1 in stdout, with the planted secret</source>
        <translation>Marke %1 in stdout, mit dem ausgelegten Geheimnis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no %1 in stdout before the harness&apos;s deadline (the tier&apos;s own limits did not end the run)</source>
        <translation>kein %1 in stdout vor der Frist des Prüfstands (die eigenen Grenzen der Stufe beendeten den Lauf nicht)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, no %2 in stdout</source>
        <translation>%1, kein %2 in stdout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ran until the harness&apos;s deadline: the tier never stopped it</source>
        <translation>lief bis zur Frist des Prüfstands: die Stufe hielt ihn nie an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only the wall-clock deadline ended it (control tier, no limits of its own): %1</source>
        <translation>nur die Zeitfrist beendete ihn (Kontrollstufe, ohne eigene Grenzen): %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ended on its own with exit 0 before any limit; an &quot;expect: stopped&quot; attack must run until something stops it</source>
        <translation>endete von selbst mit Exit 0 vor jeder Grenze; ein Angriff mit &quot;expect: stopped&quot; muss laufen, bis ihn etwas anhält</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>outlived the run: %1</source>
        <translation>überlebte den Lauf: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing with the run&apos;s name is alive after the run: it died with the VM</source>
        <translation>nichts mit dem Namen des Laufs lebt nach dem Lauf: es starb mit der VM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nothing with the run&apos;s name is alive after the run (%1)</source>
        <translation>nichts mit dem Namen des Laufs lebt nach dem Lauf (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it never held the %1 quota (%2)</source>
        <translation>es hielt das %1-Kontingent nie (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>while it held all it could (%1), Sandbench&apos;s own process on the host (%2) failed: %3</source>
        <translation>während es alles hielt, was es konnte (%1), scheiterte Sandbenchs eigener Prozess auf dem Host (%2): %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it exhausted the guest&apos;s %1 quota only (%2)</source>
        <translation>es erschöpfte nur das %1-Kontingent des Gasts (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>while it held all it could (%1), Sandbench&apos;s own process on the host (%2) still could use it</source>
        <translation>während es alles hielt, was es konnte (%1), konnte Sandbenchs eigener Prozess auf dem Host (%2) es noch nutzen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the tier could not set up: %1</source>
        <translation>die Stufe konnte sich nicht einrichten: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled before the attack finished</source>
        <translation>abgebrochen, bevor der Angriff endete</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the attack could not load: %1</source>
        <translation>der Angriff ließ sich nicht laden: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the tier lost track of the program: %1</source>
        <translation>die Stufe verlor das Programm aus den Augen: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never started: %1</source>
        <translation>nie gestartet: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the interpreter could not start (%1)</source>
        <translation>der Interpreter konnte nicht starten (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the interpreter could not start (%1): %2</source>
        <translation>der Interpreter konnte nicht starten (%1): %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the program never started (no start sentinel; %1)</source>
        <translation>das Programm startete nie (keine Startmarke; %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the program never started (no start sentinel; %1): %2</source>
        <translation>das Programm startete nie (keine Startmarke; %1): %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reached the guest kernel only (%1); the host&apos;s kernel is behind the hypervisor</source>
        <translation>erreichte nur den Gastkernel (%1); der Kernel des Hosts liegt hinter dem Hypervisor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 [layer inferred: %2, %3]</source>
        <translation>%1 [Schicht abgeleitet: %2, %3]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 [layer inferred: %2]</source>
        <translation>%1 [Schicht abgeleitet: %2]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 — expected on this host: %2</source>
        <translation>%1 — auf diesem Host erwartet: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the harness failed on this attack: %1</source>
        <translation>der Prüfstand scheiterte an diesem Angriff: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the host&apos;s copy of the planted input changed: %1</source>
        <translation>die Kopie der ausgelegten Eingabe auf dem Host hat sich geändert: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; the host&apos;s copy of the planted input is unchanged</source>
        <translation>%1; die Kopie der ausgelegten Eingabe auf dem Host ist unverändert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 came back holding the planted secret</source>
        <translation>Artefakt %1 kam mit dem ausgelegten Geheimnis zurück</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 came back holding the planted input&apos;s text</source>
        <translation>Artefakt %1 kam mit dem Text der ausgelegten Eingabe zurück</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 artifacts of %2 bytes came back, more than the policy&apos;s %3 artifacts and %4 MB</source>
        <translation>%1 Artefakte mit %2 Bytes kamen zurück, mehr als die %3 Artefakte und %4 MB der Richtlinie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only the harness&apos;s deadline ended the flood: the tier never bounded it</source>
        <translation>nur die Frist des Prüfstands beendete die Flut: die Stufe begrenzte sie nie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>artifact name %1 came back unsanitised: %2</source>
        <translation>Artefaktname %1 kam unbereinigt zurück: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 came back typed %2, but its bytes are %3</source>
        <translation>Artefakt %1 kam als %2 zurück, seine Bytes sind aber %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; %2 artifacts came back (%3)</source>
        <translation>%1; %2 Artefakte kamen zurück (%3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no artifact holds the planted secret or input: the artifact collector returned %1 artifacts and followed no link (%2)</source>
        <translation>kein Artefakt enthält das ausgelegte Geheimnis oder die Eingabe: der Artefaktsammler gab %1 Artefakte zurück und folgte keinem Link (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the artifact collector returned %1 artifacts of %2 bytes, within the policy&apos;s caps (%3)</source>
        <translation>der Artefaktsammler gab %1 Artefakte mit %2 Bytes zurück, innerhalb der Grenzen der Richtlinie (%3)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the artifact collector returned %1 artifacts, each name one safe component (%2)</source>
        <translation>der Artefaktsammler gab %1 Artefakte zurück, jeder Name ein sicherer Bestandteil (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the artifact collector typed %1 artifacts by their bytes (%2)</source>
        <translation>der Artefaktsammler bestimmte den Typ von %1 Artefakten nach ihren Bytes (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; the program was refused too: %2</source>
        <translation>%1; auch das Programm wurde abgewiesen: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing got through before the harness&apos;s deadline (the tier&apos;s own limits did not end the run)</source>
        <translation>nichts kam vor der Frist des Prüfstands durch (die eigenen Grenzen der Stufe beendeten den Lauf nicht)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the secret&apos;s real value is in stdout: the program held it</source>
        <translation>der echte Wert des Geheimnisses steht in stdout: das Programm hatte ihn</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the secret&apos;s real value is in stderr: the program held it</source>
        <translation>der echte Wert des Geheimnisses steht in stderr: das Programm hatte ihn</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 holds the secret&apos;s real value</source>
        <translation>Artefakt %1 enthält den echten Wert des Geheimnisses</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the harness&apos;s canary DNS server was asked for %1</source>
        <translation>der Kanarien-DNS-Server des Prüfstands wurde nach %1 gefragt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the harness&apos;s web server received %1, a route the allow list does not have</source>
        <translation>der Webserver des Prüfstands empfing %1, einen Weg, den die Erlaubnisliste nicht hat</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the secret&apos;s %1 reached %2, not its host %3: %4</source>
        <translation>%1 des Geheimnisses erreichte %2, nicht seinen Host %3: %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>real value</source>
        <translation>der echte Wert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>placeholder</source>
        <translation>der Platzhalter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing of this run reached the harness&apos;s web or DNS server before the harness&apos;s deadline (the tier&apos;s own limits did not end the run)</source>
        <translation>nichts von diesem Lauf erreichte den Web- oder DNS-Server des Prüfstands vor dessen Frist (die eigenen Grenzen der Stufe beendeten den Lauf nicht)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing of this run reached the harness&apos;s web or DNS server: the egress proxy %1</source>
        <translation>nichts von diesem Lauf erreichte den Web- oder DNS-Server des Prüfstands: der Egress-Proxy %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nothing of this run reached the harness&apos;s web or DNS server, and the program held only a placeholder: the egress proxy %1</source>
        <translation>nichts von diesem Lauf erreichte den Web- oder DNS-Server des Prüfstands, und das Programm hatte nur einen Platzhalter: der Egress-Proxy %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1; nothing of this run reached the harness&apos;s web or DNS server</source>
        <translation>%1; nichts von diesem Lauf erreichte den Web- oder DNS-Server des Prüfstands</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the allowed host received %1 with the secret&apos;s real value put in: the allow list and the secret work</source>
        <translation>der erlaubte Host empfing %1 mit eingesetztem echtem Wert des Geheimnisses: Erlaubnisliste und Geheimnis funktionieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the tier&apos;s allow-listed network is broken: %1 reached the allowed host without the secret&apos;s real value</source>
        <translation>das Netz der Stufe mit Erlaubnisliste ist kaputt: %1 erreichte den erlaubten Host ohne den echten Wert des Geheimnisses</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the tier&apos;s allow-listed network is broken: its request never reached the allowed host %1 (%2)</source>
        <translation>das Netz der Stufe mit Erlaubnisliste ist kaputt: seine Anfrage erreichte den erlaubten Host %1 nie (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its network could not be set up: %1</source>
        <translation>sein Netz ließ sich nicht einrichten: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing dropped</source>
        <translation>nichts verworfen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dropped %1</source>
        <translation>verworfen: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a &apos;/&apos;</source>
        <translation>er enthält ein „/“</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>it holds a NUL</source>
        <translation>er enthält ein NUL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is empty, &quot;.&quot; or &quot;..&quot;</source>
        <translation>er ist leer, „.“ oder „..“</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is longer than 255 bytes</source>
        <translation>er ist länger als 255 Bytes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not valid UTF-8</source>
        <translation>er ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a control character</source>
        <translation>er enthält ein Steuerzeichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a bidirectional override</source>
        <translation>er enthält eine Richtungsumkehr (Bidi-Override)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>timeout</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wall clock</source>
        <translation>Wanduhr</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>rlimit</source>
        <translation>rlimit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cgroup</source>
        <translation>cgroup</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>memory.max (OOM kill)</source>
        <translation>memory.max (OOM-Kill)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest kernel</source>
        <translation>Gastkernel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the VM&apos;s memory</source>
        <translation>der Speicher der VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmpfs size</source>
        <translation>tmpfs-Größe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the working folder&apos;s size cap</source>
        <translation>die Größengrenze des Arbeitsordners</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>output cap</source>
        <translation>Ausgabegrenze</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bytes kept per stream</source>
        <translation>je Strom behaltene Bytes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seccomp</source>
        <translation>seccomp</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>namespace</source>
        <translation>Namensraum</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the VM has no network device</source>
        <translation>die VM hat kein Netzgerät</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>landlock</source>
        <translation>Landlock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only filesystem</source>
        <translation>schreibgeschütztes Dateisystem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host&apos;s files are not in the VM</source>
        <translation>die Dateien des Hosts sind nicht in der VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mount</source>
        <translation>Mount</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>harness deadline</source>
        <translation>Frist des Prüfstands</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the tier&apos;s own limits did not end the run</source>
        <translation>die eigenen Grenzen der Stufe beendeten den Lauf nicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kernel quotas</source>
        <translation>Kernel-Kontingente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact collector</source>
        <translation>Artefaktsammler</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>egress proxy</source>
        <translation>Egress-Proxy</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the secret&apos;s real value stays outside the sandbox</source>
        <translation>der echte Wert des Geheimnisses bleibt außerhalb der Sandbox</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links not followed</source>
        <translation>Links nicht verfolgt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the policy&apos;s artifacts_max and artifacts_mb</source>
        <translation>artifacts_max und artifacts_mb der Richtlinie</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>names sanitised</source>
        <translation>Namen bereinigt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>types sniffed from the bytes</source>
        <translation>Typen aus den Bytes bestimmt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nosuid mount</source>
        <translation>nosuid-Mount</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>noexec mount</source>
        <translation>noexec-Mount</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>permissions</source>
        <translation>Berechtigungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no terminal</source>
        <translation>kein Terminal</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the call reached the VM&apos;s own kernel</source>
        <translation>der Aufruf erreichte den eigenen Kernel der VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: everything in the sandbox died with its init process</source>
        <translation>PID: alles in der Sandbox starb mit ihrem init-Prozess</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the VM was killed with everything in it</source>
        <translation>die VM wurde mit allem darin beendet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the quota is the VM kernel&apos;s own</source>
        <translation>das Kontingent gehört dem Kernel der VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>charged to a host uid of the sandbox&apos;s own, and capped per sandbox</source>
        <translation>einer eigenen Host-UID der Sandbox angerechnet und je Sandbox begrenzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 inside the VM, whose kernel and files are its own</source>
        <translation>%1 in der VM, deren Kernel und Dateien ihre eigenen sind</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host&apos;s kernel refused %1</source>
        <translation>der Kernel des Hosts verweigerte %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only the policy&apos;s variables are passed (%1)</source>
        <translation>nur die Variablen der Richtlinie werden übergeben (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: the host&apos;s processes are not visible (%1)</source>
        <translation>PID: die Prozesse des Hosts sind nicht sichtbar (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RLIMIT_AS or cgroup memory (%1)</source>
        <translation>RLIMIT_AS oder cgroup-Speicher (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RLIMIT_NPROC or cgroup pids.max (%1)</source>
        <translation>RLIMIT_NPROC oder cgroup pids.max (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network (%1)</source>
        <translation>Netz (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mount: not in the sandbox&apos;s view (%1)</source>
        <translation>Mount: nicht in der Sicht der Sandbox (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: the process is not visible (%1)</source>
        <translation>PID: der Prozess ist nicht sichtbar (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ptrace access refused: the process is not dumpable or another user&apos;s (%1)</source>
        <translation>ptrace-Zugriff verweigert: der Prozess ist nicht dumpbar oder gehört einem anderen Benutzer (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>or file permissions (%1)</source>
        <translation>oder Dateiberechtigungen (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sandbox&apos;s unprivileged user may not (%1)</source>
        <translation>der unprivilegierte Benutzer der Sandbox darf es nicht (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>or missing capabilities (%1)</source>
        <translation>oder fehlende Capabilities (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>or the socket family is absent (%1)</source>
        <translation>oder die Socket-Familie fehlt (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the VM shows its own: %1</source>
        <translation>die VM zeigt ihren eigenen Wert: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UTS: the sandbox has its own hostname (%1)</source>
        <translation>UTS: die Sandbox hat ihren eigenen Hostnamen (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: the sandbox sees only its own processes (%1)</source>
        <translation>PID: die Sandbox sieht nur ihre eigenen Prozesse (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sandbox shows its own value (%1)</source>
        <translation>die Sandbox zeigt ihren eigenen Wert (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the attack failed inside the VM</source>
        <translation>der Angriff scheiterte in der VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the attack failed without saying why</source>
        <translation>der Angriff scheiterte, ohne zu sagen warum</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not running as root</source>
        <translation>läuft nicht als root</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this kernel has no loadable modules (no /proc/modules)</source>
        <translation>dieser Kernel hat keine ladbaren Module (kein /proc/modules)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No base URL is set for the %1 provider.</source>
        <translation>Für den Anbieter %1 ist keine Basis-URL gesetzt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The base URL &quot;%1&quot; must start with http:// or https://.</source>
        <translation>Die Basis-URL &quot;%1&quot; muss mit http:// oder https:// beginnen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No model is set: enter a model name in the agent settings or pass --model.</source>
        <translation>Kein Modell gesetzt: einen Modellnamen in den Agent-Einstellungen eingeben oder --model angeben.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No API key for %1: set %2 in Sandbench&apos;s environment or enter a key in the agent settings. For a local model server, choose the OpenAI-compatible provider and its base URL (Ollama: http://localhost:11434/v1).</source>
        <translation>Kein API-Schlüssel für %1: %2 in der Umgebung von Sandbench setzen oder einen Schlüssel in den Agent-Einstellungen eingeben. Für einen lokalen Modellserver den OpenAI-kompatiblen Anbieter und seine Basis-URL wählen (Ollama: http://localhost:11434/v1).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>control tier: runs with no isolation, with Sandbench&apos;s own environment</source>
        <translation>Kontrollstufe: läuft ohne Isolation, mit Sandbenchs eigener Umgebung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>namespaces: user, mount, PID, network, IPC, UTS, cgroup</source>
        <translation>Namensräume: user, mount, PID, network, IPC, UTS, cgroup</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no per-run memory cgroup: %1, memory bounded per process only (RLIMIT_AS); kernel memory such as socket buffers is not bounded</source>
        <translation>keine Speicher-cgroup je Lauf: %1, Speicher nur je Prozess begrenzt (RLIMIT_AS); Kernelspeicher wie Socket-Puffer ist nicht begrenzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cgroup memory: each run in memory, pids and CPU cgroups of its own (cgroup v%1, in %2): memory_mb for all its processes together, kernel memory and Unix socket buffers included</source>
        <translation>cgroup-Speicher: jeder Lauf in eigenen memory-, pids- und CPU-cgroups (cgroup v%1, in %2): memory_mb für alle seine Prozesse zusammen, Kernelspeicher und Unix-Socket-Puffer inbegriffen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cgroup memory: each run in memory, pids cgroups of its own (cgroup v%1, in %2): memory_mb for all its processes together, kernel memory and Unix socket buffers included</source>
        <translation>cgroup-Speicher: jeder Lauf in eigenen memory- und pids-cgroups (cgroup v%1, in %2): memory_mb für alle seine Prozesse zusammen, Kernelspeicher und Unix-Socket-Puffer inbegriffen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TCP buffers on v1&apos;s separate counter, capped at a quarter of memory_mb</source>
        <translation>TCP-Puffer auf dem eigenen Zähler von v1, begrenzt auf ein Viertel von memory_mb</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCP buffers not counted (this kernel has no memory.kmem.tcp)</source>
        <translation>TCP-Puffer nicht gezählt (dieser Kernel hat kein memory.kmem.tcp)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no swap</source>
        <translation>kein Swap</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>swap not accounted here (no memory.memsw), so not limited</source>
        <translation>Swap hier nicht erfasst (kein memory.memsw), also nicht begrenzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no CPU quota (no cpu controller)</source>
        <translation>kein CPU-Kontingent (kein cpu-Controller)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seccomp: allow list, everything else denied and reported to the supervisor</source>
        <translation>seccomp: Erlaubnisliste, alles andere verweigert und dem Aufseher gemeldet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seccomp: allow list, everything else denied (no user notification on this kernel: denials are silent)</source>
        <translation>seccomp: Erlaubnisliste, alles andere verweigert (keine Benutzerbenachrichtigung auf diesem Kernel: Verweigerungen bleiben stumm)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Landlock ABI %1: second filesystem layer on</source>
        <translation>Landlock ABI %1: zweite Dateisystemschicht an</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Landlock unavailable on this kernel: second filesystem layer off (the mount namespace still hides host files)</source>
        <translation>Landlock auf diesem Kernel nicht verfügbar: zweite Dateisystemschicht aus (der Mount-Namensraum verbirgt die Host-Dateien weiterhin)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>each run has a host uid of its own (%1–%2), uid 1000 inside; the zygote runs as %3, never as root</source>
        <translation>jeder Lauf hat eine eigene Host-UID (%1–%2), innen UID 1000; die Zygote läuft als %3, nie als root</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>runs as your uid on the host, uid 1000 inside, with no capability; all runs share your uid&apos;s pipe-buffer and in-flight-descriptor quotas (separate uids need root)</source>
        <translation>läuft auf dem Host als Ihre UID, innen UID 1000, ohne Capability; alle Läufe teilen die Pipe-Puffer- und Deskriptor-Kontingente Ihrer UID (eigene UIDs brauchen root)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>per-sandbox quotas: %1</source>
        <translation>Kontingente je Sandbox: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2 pending signals, no message queues, 256 descriptors</source>
        <translation>%1, %2 ausstehende Signale, keine Nachrichtenwarteschlangen, 256 Deskriptoren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 inotify instances, %2 inotify watches, %3 fanotify groups, %4 fanotify marks, %5 pending signals, no message queues, 256 descriptors</source>
        <translation>%1 inotify-Instanzen, %2 inotify-Überwachungen, %3 fanotify-Gruppen, %4 fanotify-Markierungen, %5 ausstehende Signale, keine Nachrichtenwarteschlangen, 256 Deskriptoren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>/proc: the sandbox&apos;s own processes only (subset=pid), no host meminfo, cpuinfo or sys</source>
        <translation>/proc: nur die eigenen Prozesse der Sandbox (subset=pid), kein meminfo, cpuinfo oder sys des Hosts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>/proc: this kernel refused a /proc limited to processes (subset=pid, Linux 5.8+), so each run mounts a full one: the sandbox&apos;s processes still, but also the host&apos;s meminfo, cpuinfo and the readable parts of /proc/sys</source>
        <translation>/proc: dieser Kernel verweigerte ein auf Prozesse beschränktes /proc (subset=pid, Linux 5.8+), also hängt jeder Lauf ein volles ein: weiterhin die Prozesse der Sandbox, aber auch meminfo, cpuinfo und die lesbaren Teile von /proc/sys des Hosts</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>image %1</source>
        <translation>Image %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (from the image&apos;s label)</source>
        <translation>%1 (aus dem Label des Abbilds)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (from the guest image&apos;s manifest)</source>
        <translation>%1 (aus dem Manifest des Gastabbilds)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>image %1 does not say its Python packages (it has no %2 label: not made by scripts/build-container-image.sh)</source>
        <translation>Abbild %1 nennt seine Python-Pakete nicht (es hat kein Label %2: nicht mit scripts/build-container-image.sh gebaut)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sandbench&apos;s seccomp profile in place of the engine&apos;s default</source>
        <translation>Sandbenchs seccomp-Profil statt des Standardprofils der Engine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warm pool of %1</source>
        <translation>Vorrat von %1 warmen Sandboxen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>socket buffers: TCP&apos;s are not counted by --memory on this cgroup v1 host (no engine flag sets memory.kmem.tcp.limit_in_bytes); Unix socket buffers are</source>
        <translation>Socket-Puffer: die von TCP zählt --memory auf diesem cgroup-v1-Host nicht (kein Engine-Schalter setzt memory.kmem.tcp.limit_in_bytes); die von Unix-Sockets schon</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>shares the host kernel</source>
        <translation>teilt den Kernel des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accelerator: %1</source>
        <translation>Beschleuniger: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QEMU %1, guest %2</source>
        <translation>QEMU %1, Gast %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>own guest kernel</source>
        <translation>eigener Gastkernel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QEMU jailed: own mount, PID, network, IPC and UTS namespaces, a root of /usr and its devices only; uid %1, no capabilities, QEMU&apos;s own seccomp filter</source>
        <translation>QEMU eingesperrt: eigene Mount-, PID-, Netz-, IPC- und UTS-Namensräume, eine Wurzel nur aus /usr und seinen Geräten; UID %1, keine Capabilities, QEMUs eigener seccomp-Filter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>QEMU jailed: own mount, PID, network, IPC and UTS namespaces (in a user namespace of your uid), a root of /usr and its devices only; no capabilities, QEMU&apos;s own seccomp filter</source>
        <translation>QEMU eingesperrt: eigene Mount-, PID-, Netz-, IPC- und UTS-Namensräume (in einem Benutzernamensraum Ihrer UID), eine Wurzel nur aus /usr und seinen Geräten; keine Capabilities, QEMUs eigener seccomp-Filter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TCG emulation: %1</source>
        <translation>TCG-Emulation: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KVM cannot run guests here, a few seconds a run</source>
        <translation>KVM kann hier keine Gäste ausführen, einige Sekunden je Lauf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KVM (a trial guest booted under it)</source>
        <translation>KVM (ein Probegast startete darunter)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCG emulation (chosen in the settings)</source>
        <translation>TCG-Emulation (in den Einstellungen gewählt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KVM (chosen in the settings)</source>
        <translation>KVM (in den Einstellungen gewählt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>/dev/kvm runs a test guest, but a Linux guest did not boot under KVM (%1)</source>
        <translation>/dev/kvm führt einen Testgast aus, aber ein Linux-Gast startete unter KVM nicht (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>template %1 via %2</source>
        <translation>Vorlage %1 über %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sandbox requests go to %1 (E2B_SANDBOX_URL)</source>
        <translation>Sandbox-Anfragen gehen an %1 (E2B_SANDBOX_URL)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>own kernel: a Firecracker microVM on E2B&apos;s hosts</source>
        <translation>eigener Kernel: eine Firecracker-MicroVM auf den Hosts von E2B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>billed by E2B for every run; the key was not checked online</source>
        <translation>von E2B für jeden Lauf berechnet; der Schlüssel wurde nicht online geprüft</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QEMU is not installed: install it with `sudo apt install qemu-system-x86`</source>
        <translation>QEMU ist nicht installiert: installieren Sie es mit `sudo apt install qemu-system-x86`</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QEMU is not installed: install it with `sudo apt install qemu-system-x86` (or fix SANDBENCH_QEMU=%1)</source>
        <translation>QEMU ist nicht installiert: installieren Sie es mit `sudo apt install qemu-system-x86` (oder korrigieren Sie SANDBENCH_QEMU=%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the guest image is missing from %1: run scripts/build-guest-image.sh</source>
        <translation>das Gastabbild fehlt in %1: führen Sie scripts/build-guest-image.sh aus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest image is missing from %1: run scripts/build-guest-image.sh --output %2</source>
        <translation>das Gastabbild fehlt in %1: führen Sie scripts/build-guest-image.sh --output %2 aus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>util-linux&apos;s setpriv and prlimit are not on PATH, and the microVM tier does not start QEMU without them: install util-linux (sudo apt install util-linux)</source>
        <translation>setpriv und prlimit aus util-linux sind nicht im PATH, und die microVM-Stufe startet QEMU nicht ohne sie: installieren Sie util-linux (sudo apt install util-linux)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KVM was chosen but is not usable: %1; choose tcg or auto</source>
        <translation>KVM wurde gewählt, ist aber nicht nutzbar: %1; wählen Sie tcg oder auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown accelerator &quot;%1&quot;: choose kvm, tcg or auto</source>
        <translation>unbekannter Beschleuniger „%1“: wählen Sie kvm, tcg oder auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown gVisor platform &quot;%1&quot;: choose auto, kvm, systrap or ptrace</source>
        <translation>unbekannte gVisor-Plattform „%1“: wählen Sie auto, kvm, systrap oder ptrace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this runsc (%1) has no %2 platform: choose auto or one of its own</source>
        <translation>dieses runsc (%1) hat keine Plattform %2: wählen Sie auto oder eine seiner eigenen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the gVisor platform %1 was chosen but does not start here (%2): choose auto or another platform</source>
        <translation>die gVisor-Plattform %1 wurde gewählt, startet hier aber nicht (%2): wählen Sie auto oder eine andere Plattform</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the gVisor platform %1 does not start here (%2)</source>
        <translation>die gVisor-Plattform %1 startet hier nicht (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this runsc offers no platform Sandbench can use</source>
        <translation>dieses runsc bietet keine Plattform, die Sandbench nutzen kann</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SANDBENCH_RUNSC names %1, which is not an executable runsc: unset it, or install runsc with scripts/setup-gvisor-tier.sh</source>
        <translation>SANDBENCH_RUNSC nennt %1, das kein ausführbares runsc ist: entfernen Sie die Variable oder installieren Sie runsc mit scripts/setup-gvisor-tier.sh</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gVisor&apos;s runsc is not installed: run scripts/setup-gvisor-tier.sh (it installs Debian&apos;s runsc package and registers it with Docker), or sudo apt install runsc</source>
        <translation>runsc von gVisor ist nicht installiert: führen Sie scripts/setup-gvisor-tier.sh aus (es installiert Debians Paket runsc und registriert es bei Docker) oder sudo apt install runsc</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 does not answer (`runsc --version`: %2): reinstall it (sudo apt install --reinstall runsc)</source>
        <translation>%1 antwortet nicht (`runsc --version`: %2): installieren Sie es neu (sudo apt install --reinstall runsc)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Docker has no %1 runtime registered: run scripts/setup-gvisor-tier.sh, which registers runsc with Docker, or choose the podman engine</source>
        <translation>Bei Docker ist keine Laufzeit %1 registriert: führen Sie scripts/setup-gvisor-tier.sh aus, das runsc bei Docker registriert, oder wählen Sie die Engine podman</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Docker has no %1 runtime registered (docker info: %2): run scripts/setup-gvisor-tier.sh, which registers runsc with Docker, or choose the podman engine</source>
        <translation>Bei Docker ist keine Laufzeit %1 registriert (docker info: %2): führen Sie scripts/setup-gvisor-tier.sh aus, das runsc bei Docker registriert, oder wählen Sie die Engine podman</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker has no %1 runtime registered, which a network allow list needs on the gVisor tier: run scripts/setup-gvisor-tier.sh again, which registers it, or choose the podman engine; no user code ran</source>
        <translation>Bei Docker ist keine Laufzeit %1 registriert, die eine Netz-Erlaubnisliste auf der gVisor-Stufe braucht: führen Sie scripts/setup-gvisor-tier.sh erneut aus, das sie registriert, oder wählen Sie die Engine podman; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker has no %1 runtime registered, which a network allow list needs on the gVisor tier (docker info: %2): run scripts/setup-gvisor-tier.sh again, which registers it, or choose the podman engine; no user code ran</source>
        <translation>Bei Docker ist keine Laufzeit %1 registriert, die eine Netz-Erlaubnisliste auf der gVisor-Stufe braucht (docker info: %2): führen Sie scripts/setup-gvisor-tier.sh erneut aus, das sie registriert, oder wählen Sie die Engine podman; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot give the container its way to the egress proxy: %1; no user code ran</source>
        <translation>dem Container kann kein Weg zum Egress-Proxy gegeben werden: %1; kein Benutzercode lief</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Podman is installed but cannot run containers here: check `podman info`, or choose the docker engine</source>
        <translation>Podman ist installiert, kann hier aber keine Container ausführen: prüfen Sie `podman info` oder wählen Sie die Engine docker</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Docker is running but this user may not use it: add yourself to the docker group (sudo usermod -aG docker $USER, then log in again), or use Podman</source>
        <translation>Docker läuft, aber dieser Benutzer darf es nicht verwenden: fügen Sie sich der Gruppe docker hinzu (sudo usermod -aG docker $USER, dann neu anmelden) oder verwenden Sie Podman</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker is installed but its daemon is not running: start it with `sudo systemctl start docker` (or `sudo scripts/start-container-engines.sh` on a machine without systemd), or set DOCKER_HOST to a running engine</source>
        <translation>Docker ist installiert, aber sein Daemon läuft nicht: starten Sie ihn mit `sudo systemctl start docker` (oder `sudo scripts/start-container-engines.sh` auf einer Maschine ohne systemd) oder setzen Sie DOCKER_HOST auf eine laufende Engine</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker is installed but its engine does not answer: check `docker version`, or set DOCKER_HOST to a running engine</source>
        <translation>Docker ist installiert, aber seine Engine antwortet nicht: prüfen Sie `docker version` oder setzen Sie DOCKER_HOST auf eine laufende Engine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the docker CLI is not installed: install Docker (sudo apt install docker.io), or choose the podman engine</source>
        <translation>die docker-CLI ist nicht installiert: installieren Sie Docker (sudo apt install docker.io) oder wählen Sie die Engine podman</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the podman CLI is not installed: install Podman (sudo apt install podman runc), or choose the docker engine</source>
        <translation>die podman-CLI ist nicht installiert: installieren Sie Podman (sudo apt install podman runc) oder wählen Sie die Engine docker</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown container engine &quot;%1&quot;: choose docker, podman or auto</source>
        <translation>unbekannte Container-Engine „%1“: wählen Sie docker, podman oder auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no container engine is installed: install Docker (sudo apt install docker.io) or Podman (sudo apt install podman runc)</source>
        <translation>keine Container-Engine ist installiert: installieren Sie Docker (sudo apt install docker.io) oder Podman (sudo apt install podman runc)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the %1 engine did not answer whether image %2 exists</source>
        <translation>die Engine %1 hat nicht beantwortet, ob das Abbild %2 existiert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>image %1 not found in %2: run scripts/build-container-image.sh --engine %3</source>
        <translation>Abbild %1 nicht in %2 gefunden: führen Sie scripts/build-container-image.sh --engine %3 aus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no E2B API key: set E2B_API_KEY (get one at https://e2b.dev/dashboard)</source>
        <translation>kein E2B-API-Schlüssel: setzen Sie E2B_API_KEY (einen gibt es unter https://e2b.dev/dashboard)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the e2b tier runs programs in its sandbox&apos;s Python kernel and cannot use the interpreter &quot;%1&quot;</source>
        <translation>die e2b-Stufe führt Programme im Python-Kernel ihrer Sandbox aus und kann den Interpreter „%1“ nicht verwenden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1. The subprocess tier will not run without its seccomp filter.</source>
        <translation>%1. Die subprocess-Stufe läuft nicht ohne ihren seccomp-Filter.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot reserve host uids for the sandboxes: %1. The subprocess tier will not run its sandboxes under a shared uid.</source>
        <translation>kann keine Host-UIDs für die Sandboxen reservieren: %1. Die subprocess-Stufe führt ihre Sandboxen nicht unter einer gemeinsamen UID aus.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1. The subprocess tier will not run without it.</source>
        <translation>%1. Die subprocess-Stufe läuft nicht ohne sie.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gVisor runsc %1 (%2), platform %3</source>
        <translation>gVisor runsc %1 (%2), Plattform %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the program&apos;s system calls reach gVisor&apos;s Sentry, which shows its own kernel (4.4.0), memory and CPU count; the Sentry runs on the host kernel under runsc&apos;s seccomp filter, and a gofer process mediates its file access</source>
        <translation>die Systemaufrufe des Programms erreichen gVisors Sentry, die ihren eigenen Kernel (4.4.0), Speicher und CPU-Zahl zeigt; die Sentry läuft auf dem Kernel des Hosts unter dem seccomp-Filter von runsc, und ein Gofer-Prozess vermittelt ihre Dateizugriffe</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not kvm: %1</source>
        <translation>nicht kvm: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a trial sandbox did not start within %1 s</source>
        <translation>eine Probe-Sandbox startete nicht innerhalb von %1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kvm (a trial sandbox ran under it)</source>
        <translation>kvm (eine Probe-Sandbox lief darunter)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (chosen in the settings)</source>
        <translation>%1 (in den Einstellungen gewählt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host&apos;s memory cgroup around the whole gVisor sandbox (--memory, no swap)</source>
        <translation>die Speicher-cgroup des Hosts um die ganze gVisor-Sandbox (--memory, ohne Swap)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RLIMIT_NPROC in the gVisor Sentry (--ulimit nproc)</source>
        <translation>RLIMIT_NPROC in der gVisor-Sentry (--ulimit nproc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file-size rlimit in the gVisor Sentry (--ulimit fsize)</source>
        <translation>Dateigrößen-rlimit in der gVisor-Sentry (--ulimit fsize)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped tmpfs /tmp in the gVisor Sentry (--tmpfs size)</source>
        <translation>größenbegrenztes tmpfs /tmp in der gVisor-Sentry (--tmpfs size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the gVisor Sentry&apos;s own network stack on the engine&apos;s default network</source>
        <translation>der eigene Netzstapel der gVisor-Sentry im Standardnetz der Engine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network in the gVisor Sentry (runsc --network=none)</source>
        <translation>kein Netz in der gVisor-Sentry (runsc --network=none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network in the gVisor Sentry (runsc --network=none): its one way out is the egress proxy, through a host socket bound in (runsc --host-uds=open)</source>
        <translation>kein Netz in der gVisor-Sentry (runsc --network=none): ihr einziger Weg hinaus ist der Egress-Proxy, über einen eingebundenen Host-Socket (runsc --host-uds=open)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>read-only container root (--read-only) served through gVisor&apos;s gofer, no host folder</source>
        <translation>schreibgeschützte Container-Wurzel (--read-only) über gVisors Gofer, kein Host-Ordner</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by SIGKILL: the host&apos;s memory cgroup (--memory %1 MB, no swap) was full and its OOM killer ended the whole gVisor sandbox (the engine reported status 137 and the waiter never reported)</source>
        <translation>durch SIGKILL beendet: die Speicher-cgroup des Hosts (--memory %1 MB, ohne Swap) war voll, ihr OOM-Killer beendete die ganze gVisor-Sandbox (die Engine meldete Status 137, der Wächter meldete nie)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it exhausted the gVisor Sentry&apos;s %1 quota only (%2)</source>
        <translation>es erschöpfte nur das %1-Kontingent der gVisor-Sentry (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gVisor Sentry</source>
        <translation>gVisor-Sentry</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the quota is the Sentry&apos;s own, not the host kernel&apos;s</source>
        <translation>das Kontingent gehört der Sentry, nicht dem Kernel des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reached the gVisor Sentry only (%1); the host&apos;s kernel sees only the Sentry&apos;s own, filtered calls</source>
        <translation>erreichte nur die gVisor-Sentry (%1); der Kernel des Hosts sieht nur die eigenen, gefilterten Aufrufe der Sentry</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the call reached the Sentry&apos;s own implementation</source>
        <translation>der Aufruf erreichte die eigene Umsetzung der Sentry</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the Sentry does not implement it, or seccomp (%1)</source>
        <translation>die Sentry setzt es nicht um, oder seccomp (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the Sentry shows its own: %1</source>
        <translation>die Sentry zeigt ihren eigenen Wert: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled before the program started</source>
        <translation>abgebrochen, bevor das Programm startete</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>timeout %1 s, memory %2 MB, %3 processes, %4 CPU, files %5 MB, network %6</source>
        <translation>Zeitlimit %1 s, Speicher %2 MB, %3 Prozesse, %4 CPU, Dateien %5 MB, Netz %6</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>timeout %1 s, memory %2 MB, %3 processes, %4 CPUs, files %5 MB, network %6</source>
        <translation>Zeitlimit %1 s, Speicher %2 MB, %3 Prozesse, %4 CPUs, Dateien %5 MB, Netz %6</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>write: EROFS, read-only filesystem (%1)</source>
        <translation>write: EROFS, schreibgeschütztes Dateisystem (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only mount</source>
        <translation>schreibgeschützter Mount</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest&apos;s files are read-only</source>
        <translation>die Dateien des Gasts sind schreibgeschützt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a read-only folder of the guest&apos;s own root filesystem</source>
        <translation>ein schreibgeschützter Ordner im eigenen Wurzeldateisystem des Gasts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sandbox&apos;s minimal view is mounted read-only</source>
        <translation>die minimale Sicht der Sandbox ist schreibgeschützt eingehängt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only container root (--read-only)</source>
        <translation>schreibgeschützte Container-Wurzel (--read-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>private mount namespace: a minimal view of the host&apos;s files</source>
        <translation>privater Mount-Namensraum: eine minimale Sicht auf die Dateien des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the container&apos;s own mount namespace, no host folder mounted</source>
        <translation>der eigene Mount-Namensraum des Containers, kein Host-Ordner eingehängt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the container&apos;s own mount namespace, served through gVisor&apos;s gofer, no host folder</source>
        <translation>der eigene Mount-Namensraum des Containers, über gVisors Gofer, kein Host-Ordner</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only container root (--read-only), served through gVisor&apos;s gofer</source>
        <translation>schreibgeschützte Container-Wurzel (--read-only), über gVisors Gofer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E2B&apos;s default network</source>
        <translation>das Standardnetz von E2B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E2B&apos;s egress block (allow_internet_access false)</source>
        <translation>die Ausgangssperre von E2B (allow_internet_access false)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot read the transcript %1: %2</source>
        <translation>das Protokoll %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not JSON: %2</source>
        <translation>%1 ist kein JSON: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a Sandbench agent transcript (its &quot;format&quot; is not &quot;sandbench-agent-transcript&quot;)</source>
        <translation>%1 ist kein Sandbench-Agentenprotokoll (sein „format“ ist nicht „sandbench-agent-transcript“)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: a run&apos;s result is malformed: %2</source>
        <translation>%1: das Ergebnis eines Laufs ist fehlerhaft: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: its policy is malformed: %2</source>
        <translation>%1: seine Richtlinie ist fehlerhaft: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a complete transcript: %2</source>
        <translation>%1 ist kein vollständiges Protokoll: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>EngineText</name>
    <message>
        <location filename="../gui/engine_text.cpp" line="+51"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>timeout</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPU limit</source>
        <translation>CPU-Grenze</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory limit</source>
        <translation>Speichergrenze</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>process limit</source>
        <translation>Prozessgrenze</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file size limit</source>
        <translation>Dateigrößengrenze</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>disk limit</source>
        <translation>Plattengrenze</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output cap</source>
        <translation>Ausgabegrenze</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seccomp</source>
        <translation>seccomp</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no network</source>
        <translation>kein Netz</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file hidden</source>
        <translation>Datei verborgen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only filesystem</source>
        <translation>schreibgeschütztes Dateisystem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>setup failed</source>
        <translation>Einrichtung gescheitert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>exit %1 in %2 s</source>
        <translation>Exit %1 nach %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by %1 in %2 s</source>
        <translation>durch %1 beendet nach %2 s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no exit status in %1 s</source>
        <translation>kein Exit-Status nach %1 s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>did not run in %1 s</source>
        <translation>nicht gelaufen (%1 s)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+2"/>
        <location line="+4"/>
        <source> — %1</source>
        <translation> — %1</translation>
    </message>
    <message>
        <location line="-2"/>
        <source> — %1: %2</source>
        <translation> — %1: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>1 CPU</source>
        <translation>1 CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 CPUs</source>
        <translation>%1 CPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 process</source>
        <translation>1 Prozess</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 processes</source>
        <translation>%1 Prozesse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timeout %1 s, memory %2 MB, %3, %4, files %5 MB, network %6</source>
        <translation>Zeitlimit %1 s, Speicher %2 MB, %3, %4, Dateien %5 MB, Netz %6</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, 1 input at /data</source>
        <translation>, 1 Eingabe unter /data</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, %1 inputs at /data</source>
        <translation>, %1 Eingaben unter /data</translation>
    </message>
</context>
<context>
    <name>ExamplePrograms</name>
    <message>
        <location filename="../gui/example_programs.cpp" line="+7"/>
        <source>Hello from the sandbox</source>
        <translation>Hallo aus der Sandbox</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Statistics of the first 1,000 squares</source>
        <translation>Statistik der ersten 1.000 Quadratzahlen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Live output, one line a second</source>
        <translation>Laufende Ausgabe, eine Zeile pro Sekunde</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What can I see? (files, processes, network)</source>
        <translation>Was sehe ich? (Dateien, Prozesse, Netz)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Fork flood (bounded: 200 sleepers)</source>
        <translation>Fork-Flut (begrenzt: 200 Schläfer)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>CPU loop (Stop or the timeout ends it)</source>
        <translation>CPU-Schleife (Stopp oder das Zeitlimit beendet sie)</translation>
    </message>
</context>
<context>
    <name>InputFilesList</name>
    <message>
        <location filename="../gui/input_files_list.cpp" line="+17"/>
        <source>Add files…</source>
        <translation>Dateien hinzufügen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files and folders the program may read, read-only, at /data/&lt;name&gt;. Drop files here or on the agent chat.</source>
        <translation>Dateien und Ordner, die das Programm schreibgeschützt unter /data/&lt;Name&gt; lesen darf. Dateien hierher oder auf den Agenten-Chat ziehen.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Input files for the program</source>
        <translation>Eingabedateien für das Programm</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An input folder for the program</source>
        <translation>Ein Eingabeordner für das Programm</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>No input files: drop files here</source>
        <translation>Keine Eingabedateien: Dateien hierher ziehen</translation>
    </message>
</context>
<context>
    <name>LabCharts</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="+680"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>LabPolicyBar</name>
    <message>
        <location filename="../gui/lab_policy_bar.cpp" line="+29"/>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the Workbench&apos;s</source>
        <translation>die der Werkbank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set for the lab</source>
        <translation>eigene für das Labor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the lab under the policy of the Workbench tab&apos;s Tier and policy pane, or under one of its own</source>
        <translation>Das Labor unter der Richtlinie aus dem Bereich „Stufe und Richtlinie“ der Werkbank ausführen oder unter einer eigenen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Edit the lab&apos;s own policy</source>
        <translation>Die eigene Richtlinie des Labors bearbeiten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Policy:</source>
        <translation>Richtlinie:</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>The lab&apos;s policy</source>
        <translation>Die Richtlinie des Labors</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>As a policy file holds it (sandbench-cli run --policy):</source>
        <translation>Wie eine Richtliniendatei sie enthält (sandbench-cli run --policy):</translation>
    </message>
</context>
<context>
    <name>LabPresentation</name>
    <message>
        <location filename="../gui/presentation_mode.cpp" line="+58"/>
        <source>&amp;Presentation Mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Normale Größe</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the Attack Lab for a projector: larger text, the whole suite on one screen, cells wide enough for the layer</source>
        <translation>Das Angriffslabor für einen Projektor zeigen: größere Schrift, die ganze Sammlung auf einem Bildschirm, Zellen breit genug für die Schicht</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Make the Attack Lab&apos;s text larger</source>
        <translation>Die Schrift des Angriffslabors vergrößern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make the Attack Lab&apos;s text smaller</source>
        <translation>Die Schrift des Angriffslabors verkleinern</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give the Attack Lab&apos;s text its default size again</source>
        <translation>Der Schrift des Angriffslabors wieder ihre Standardgröße geben</translation>
    </message>
</context>
<context>
    <name>LabTierList</name>
    <message>
        <location filename="../gui/lab_tier_list.cpp" line="+11"/>
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
        <location line="+47"/>
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
        <location filename="../gui/lab_charts.cpp" line="-324"/>
        <source>warm</source>
        <translation>warm</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cold</source>
        <translation>kalt</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Press Bench to measure each checked tier&apos;s start-up latency</source>
        <translation>Drücken Sie „Messen“, um die Startlatenz jeder gewählten Stufe zu messen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reference p50</source>
        <translation>Referenz p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reference p95</source>
        <translation>Referenz p95</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+67"/>
        <source>ms (log scale)</source>
        <translation>ms (log. Skala)</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>p50 %1 ms, p95 %2 ms</source>
        <translation>p50 %1 ms, p95 %2 ms</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: p50 %2 ms, p95 %3 ms</source>
        <translation>%1: p50 %2 ms, p95 %3 ms</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Start-up latency: print(1)</source>
        <translation>Startlatenz: print(1)</translation>
    </message>
    <message>
        <source>tier p50</source>
        <translation type="vanished">Stufe p50</translation>
    </message>
    <message>
        <source>p50 @yPoint</source>
        <translation type="vanished">p50 @yPoint</translation>
    </message>
    <message>
        <source>tier p95</source>
        <translation type="vanished">Stufe p95</translation>
    </message>
    <message>
        <source>p95 @yPoint</source>
        <translation type="vanished">p95 @yPoint</translation>
    </message>
    <message>
        <source>own reference p50</source>
        <translation type="vanished">eigene Referenz p50</translation>
    </message>
    <message>
        <source>own reference p95</source>
        <translation type="vanished">eigene Referenz p95</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Start-up latency: print(1), each tier against its own reference</source>
        <translation>Startlatenz: print(1), jede Stufe gegen ihre eigene Referenz</translation>
    </message>
    <message>
        <source>Milliseconds (log scale)</source>
        <translation type="vanished">Millisekunden (logarithmisch)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1 · %2
vs %3</source>
        <translation>%1 · %2
gegen %3</translation>
    </message>
    <message>
        <source>Start-up latency: print(1), cold</source>
        <translation type="vanished">Startlatenz: print(1), kalt</translation>
    </message>
    <message>
        <source>min · p25 · p50 · p75 · max</source>
        <translation type="vanished">Min · p25 · p50 · p75 · Max</translation>
    </message>
    <message>
        <source>Milliseconds</source>
        <translation type="vanished">Millisekunden</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>bare python3</source>
        <translation>reines python3</translation>
    </message>
</context>
<context>
    <name>LatencyTable</name>
    <message>
        <location line="+129"/>
        <source>Column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>print(1), milliseconds</source>
        <translation>print(1), Millisekunden</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../gui/main_window.cpp" line="+76"/>
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
        <location line="+114"/>
        <source>The tiers are still being checked; send again in a moment</source>
        <translation>Die Stufen werden noch geprüft; senden Sie gleich noch einmal</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The agent&apos;s program is running on %1…</source>
        <translation>Das Programm des Agenten läuft auf %1…</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The agent&apos;s code is in the editor (Ctrl+Z brings back what was there); run it with Ctrl+Return on any tier</source>
        <translation>Der Code des Agenten steht im Editor (Strg+Z holt zurück, was dort stand); führen Sie ihn mit Strg+Eingabe auf einer beliebigen Stufe aus</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Double-click a run to put its code and output back</source>
        <translation>Doppelklicken Sie auf einen Lauf, um seinen Code und seine Ausgabe wiederherzustellen</translation>
    </message>
    <message>
        <location line="-132"/>
        <source>Checking the %1 tier…</source>
        <translation>Die Stufe %1 wird geprüft…</translation>
    </message>
    <message>
        <location line="-137"/>
        <source>Runs on the tier chosen on the right, under its policy.</source>
        <translation>Läuft auf der rechts gewählten Stufe, unter ihrer Richtlinie.</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>The %1 tier is ready</source>
        <translation>Die Stufe %1 ist bereit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The %1 tier cannot run here: %2</source>
        <translation>Die Stufe %1 kann hier nicht laufen: %2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Choose a tier that can run here in Tier and policy</source>
        <translation>Wählen Sie unter „Stufe und Richtlinie“ eine Stufe, die hier laufen kann</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The %1 tier has no isolation at all: the model&apos;s programs never run on it. Choose another tier in Tier and policy</source>
        <translation>Die Stufe %1 hat überhaupt keine Isolation: Die Programme des Modells laufen nie darauf. Wählen Sie unter „Stufe und Richtlinie“ eine andere Stufe</translation>
    </message>
    <message>
        <location line="+86"/>
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
        <source>Agent &amp;tasks</source>
        <translation>Agenten-&amp;Aufgaben</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+2"/>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+157"/>
        <source>Run the editor&apos;s program on the chosen tier</source>
        <translation>Das Programm im Editor auf der gewählten Stufe ausführen</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>&amp;Stop</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stop the running program; the tier kills everything it started</source>
        <translation>Das laufende Programm stoppen; die Stufe beendet alles, was sie gestartet hat</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run on &amp;All Tiers…</source>
        <translation>Auf &amp;allen Stufen ausführen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the editor&apos;s program on every tier that can run here, side by side, and show where the results differ (the host control only when ticked)</source>
        <translation>Das Programm des Editors auf jeder Stufe, die hier laufen kann, nebeneinander ausführen und zeigen, wo die Ergebnisse abweichen (die Host-Kontrolle nur, wenn angehakt)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replay Saved Agent Session on &amp;Tier…</source>
        <translation>Gespeicherte Agentensitzung auf &amp;Stufe wiederholen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay an agent session</source>
        <translation>Eine Agentensitzung wiederholen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transcripts (*.json);;All files (*)</source>
        <translation>Protokolle (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run every program of a saved agent session again on another tier, without the model, and show call by call where the results differ</source>
        <translation>Jedes Programm einer gespeicherten Agentensitzung ohne das Modell erneut auf einer anderen Stufe ausführen und Aufruf für Aufruf zeigen, wo die Ergebnisse abweichen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>A&amp;nsicht</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restore &amp;Default Layout</source>
        <translation>&amp;Standardanordnung wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every pane back where it started</source>
        <translation>Alle Bereiche an ihren ursprünglichen Platz zurücksetzen</translation>
    </message>
    <message>
        <location line="+15"/>
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
        <location line="+63"/>
        <source>Cannot replay this session</source>
        <translation>Diese Sitzung lässt sich nicht wiederholen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Checking which tiers this machine can run…</source>
        <translation>Es wird geprüft, welche Stufen auf diesem Rechner laufen…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a tier that can run here</source>
        <translation>Wählen Sie eine Stufe, die hier laufen kann</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Running on %1…</source>
        <translation>Läuft auf %1…</translation>
    </message>
    <message>
        <location line="+20"/>
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
        <location line="+20"/>
        <source>Task &quot;%1&quot;: its data are the input files; press Send in the agent chat</source>
        <translation>Aufgabe „%1“: ihre Daten sind die Eingabedateien; im Agenten-Chat Senden drücken</translation>
    </message>
    <message>
        <location line="+21"/>
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
        <location line="+57"/>
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
        <location line="+2"/>
        <source>On the control, an attack this machine cannot host (not root, no loadable modules): its BLOCKED proves nothing, so it is left out of the counts</source>
        <translation>Auf der Kontrolle ein Angriff, den dieser Rechner nicht ausführen kann (nicht root, keine ladbaren Module): sein BLOCKED beweist nichts und wird daher nicht mitgezählt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ leftovers</source>
        <translation>⚠ Rückstände</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run left something behind (a process, folder, container or socket): a failure whatever the verdict</source>
        <translation>Der Lauf hat etwas hinterlassen (einen Prozess, Ordner, Container oder Socket): ein Versagen, wie auch immer das Urteil lautet</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEditor</name>
    <message>
        <location filename="../gui/network_policy_editor.cpp" line="+49"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No network</source>
        <translation>Kein Netzwerk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the hosts listed, through Sandbench&apos;s proxy</source>
        <translation>Nur die aufgeführten Hosts, über den Proxy von Sandbench</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The host&apos;s whole network</source>
        <translation>Das ganze Netzwerk des Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No network: the program has no route anywhere. Only the hosts listed: still no route, but an HTTP(S) proxy Sandbench runs takes it to those names alone and puts the secrets&apos; real values in on the way. The whole network: no boundary at all.</source>
        <translation>Kein Netzwerk: Das Programm hat keine Route irgendwohin. Nur die aufgeführten Hosts: weiterhin keine Route, aber ein HTTP(S)-Proxy, den Sandbench betreibt, bringt es nur zu diesen Namen und setzt unterwegs die echten Werte der Geheimnisse ein. Das ganze Netzwerk: überhaupt keine Grenze.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Where the program may connect to</source>
        <translation>Wohin sich das Programm verbinden darf</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>api.example.com
*.example.org:443</source>
        <translation>api.example.com
*.example.org:443</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One host name per line, with an optional port (80 and 443 without one); *.domain covers the names under it. IP addresses go in the line below.</source>
        <translation>Ein Hostname pro Zeile, mit optionalem Port (ohne Angabe 80 und 443); *.domain umfasst die Namen darunter. IP-Adressen gehören in die Zeile darunter.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>IP addresses or ranges, only if you need them</source>
        <translation>IP-Adressen oder -Bereiche, nur wenn Sie sie brauchen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Addresses the proxy may connect to by number (203.0.113.9, 10.0.0.0/8), separated by commas or spaces</source>
        <translation>Adressen, zu denen sich der Proxy per Nummer verbinden darf (203.0.113.9, 10.0.0.0/8), durch Kommas oder Leerzeichen getrennt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Header</source>
        <translation>Header</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>From env</source>
        <translation>Aus Umgeb.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keys the program may use but never see: its variable holds a random placeholder, which the proxy replaces with the value in the header named, for the hosts named alone. The value is what you type (kept in memory, never saved) or else Sandbench&apos;s environment variable.</source>
        <translation>Schlüssel, die das Programm benutzen, aber nie sehen darf: Seine Variable enthält einen zufälligen Platzhalter, den der Proxy im genannten Header durch den Wert ersetzt, nur für die genannten Hosts. Der Wert ist, was Sie eingeben (nur im Speicher gehalten, nie gespeichert), sonst die Umgebungsvariable von Sandbench.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add secret</source>
        <translation>Geheimnis hinzufügen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the program a key by placeholder</source>
        <translation>Dem Programm einen Schlüssel per Platzhalter geben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the chosen secret</source>
        <translation>Das gewählte Geheimnis entfernen</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Secrets:</source>
        <translation>Geheimnisse:</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>type it (kept in memory only)</source>
        <translation>eingeben (nur im Speicher gehalten)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from $%1</source>
        <translation>aus $%1</translation>
    </message>
</context>
<context>
    <name>OutputPane</name>
    <message>
        <location filename="../gui/output_pane.cpp" line="+26"/>
        <source>Separate stderr</source>
        <translation>stderr getrennt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the whole output…</source>
        <translation>Ganze Ausgabe speichern…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Network: what the egress proxy allowed and refused</source>
        <translation>Netzwerk: was der Egress-Proxy zuließ und verweigerte</translation>
    </message>
    <message>
        <location line="+20"/>
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
        <location line="+43"/>
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
        <source> · on %1</source>
        <translation> · auf %1</translation>
    </message>
    <message>
        <location line="+2"/>
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
    <name>PaneActions</name>
    <message>
        <location filename="../gui/pane_actions.cpp" line="+17"/>
        <source>Show or close this pane of the Workbench tab</source>
        <translation>Diesen Bereich der Werkbank zeigen oder schließen</translation>
    </message>
</context>
<context>
    <name>ProbeNotesView</name>
    <message>
        <location filename="../gui/probe_notes_view.cpp" line="+18"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What the tool itself printed</source>
        <translation>Was das Werkzeug selbst ausgab</translation>
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
    <message>
        <location filename="../gui/screenshot_tour.cpp" line="+82"/>
        <source>Now do it for the cubes.</source>
        <translation>Jetzt dasselbe für die Kubikzahlen.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>What is the mean of the first 1,000 square numbers? Compute it.</source>
        <translation>Was ist der Mittelwert der ersten 1.000 Quadratzahlen? Berechne ihn.</translation>
    </message>
</context>
<context>
    <name>ReplayDialog</name>
    <message>
        <location filename="../gui/replay_dialog.cpp" line="+29"/>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by %1</source>
        <translation>beendet durch %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>did not run</source>
        <translation>lief nicht</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>how it ended</source>
        <translation>wie er endete</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>what stopped it</source>
        <translation>was ihn stoppte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard output</source>
        <translation>Standardausgabe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard error</source>
        <translation>Standardfehler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output cut at the cap</source>
        <translation>Ausgabe an der Grenze abgeschnitten</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Replay</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Stoppen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Replay on tier</source>
        <translation>Auf Stufe wiederholen</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (cannot run here)</source>
        <translation>%1 (kann hier nicht laufen)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Call</source>
        <translation>Aufruf</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recorded</source>
        <translation>Aufgezeichnet</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replayed</source>
        <translation>Wiederholt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Differs</source>
        <translation>Weicht ab</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Replay on:</source>
        <translation>Wiederholen auf:</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Session: %1 · recorded on %2 · %n call(s)</source>
        <translation>
            <numerusform>Sitzung: %1 · aufgezeichnet auf %2 · %n Aufruf</numerusform>
            <numerusform>Sitzung: %1 · aufgezeichnet auf %2 · %n Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Call %1 of %2 replayed…</source>
        <translation>Aufruf %1 von %2 wiederholt…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a tier and press Replay</source>
        <translation>Wählen Sie eine Stufe und drücken Sie Wiederholen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No tier with isolation can run here</source>
        <translation>Keine Stufe mit Isolation kann hier laufen</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Choose a tier that can run here</source>
        <translation>Wählen Sie eine Stufe, die hier laufen kann</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Replaying %n call(s) on %1…</source>
        <translation>
            <numerusform>Wiederhole %n Aufruf auf %1…</numerusform>
            <numerusform>Wiederhole %n Aufrufe auf %1…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping…</source>
        <translation>Stoppe…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not replayed</source>
        <translation>nicht wiederholt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never ran: %1</source>
        <translation>lief nie: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 of %n call(s) differ on %2</source>
        <translation>
            <numerusform>%1 von %n Aufruf weicht auf %2 ab</numerusform>
            <numerusform>%1 von %n Aufrufen weichen auf %2 ab</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stopped; the calls after the one in progress were not replayed. %1</source>
        <translation>Gestoppt; die Aufrufe nach dem laufenden wurden nicht wiederholt. %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Recorded on %1: %2</source>
        <translation>Aufgezeichnet auf %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replayed on %1: %2</source>
        <translation>Wiederholt auf %1: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lines not in both (times recorded, times replayed):</source>
        <translation>Zeilen, die nicht in beiden stehen (Anzahl aufgezeichnet, Anzahl wiederholt):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>stderr</source>
        <translation>stderr</translation>
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
        <location filename="../gui/run_panel.cpp" line="+49"/>
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
        <source>Allow network access</source>
        <translation type="vanished">Netzwerkzugriff erlauben</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Choose a preset…</source>
        <translation>Voreinstellung wählen…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Python packages (network only)</source>
        <translation>Python-Pakete (nur Netzwerk)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lets the program reach the Python package index (pypi.org, files.pythonhosted.org) through the proxy; the limits stay as they are</source>
        <translation>Lässt das Programm über den Proxy den Python-Paketindex erreichen (pypi.org, files.pythonhosted.org); die Grenzen bleiben, wie sie sind</translation>
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
        <location line="+16"/>
        <source>&amp;Network:</source>
        <translation>&amp;Netzwerk:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Input files:</source>
        <translation>&amp;Eingabedateien:</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>%1 (control, no isolation)</source>
        <translation>%1 (Kontrolle, keine Isolation)</translation>
    </message>
    <message>
        <location line="-95"/>
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
        <location line="+80"/>
        <source>%1 (unavailable)</source>
        <translation>%1 (nicht verfügbar)</translation>
    </message>
    <message>
        <location line="+197"/>
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
    <name>Task</name>
    <message>
        <location filename="../build/dev/gui/attack_texts.cpp" line="+1"/>
        <source>Fit a line and report R²</source>
        <translation>Eine Gerade anpassen und R² angeben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summarise sales and plot revenue by month</source>
        <translation>Verkäufe zusammenfassen und den Umsatz je Monat zeichnen</translation>
    </message>
</context>
<context>
    <name>TierInfo</name>
    <message>
        <location filename="../tiers/container/container_tier.cpp" line="+102"/>
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
        <location filename="../tiers/gvisor/gvisor_settings.cpp" line="+35"/>
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
        <location filename="../tiers/e2b/e2b_tier.cpp" line="+109"/>
        <source>E2B</source>
        <translation>E2B</translation>
    </message>
    <message>
        <location filename="../tiers/e2b/e2b_settings.cpp" line="+68"/>
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
        <location filename="../tiers/host/host_tier.cpp" line="+30"/>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location filename="../tiers/microvm/microvm_tier.cpp" line="+85"/>
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
        <location filename="../tiers/subprocess/subprocess_tier.cpp" line="+147"/>
        <source>Subprocess</source>
        <translation>Unterprozess</translation>
    </message>
    <message>
        <location filename="../tiers/gvisor/gvisor_settings.cpp" line="-2"/>
        <source>&amp;Platform</source>
        <translation>&amp;Plattform</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>How gVisor&apos;s Sentry intercepts system calls; Auto takes KVM when a trial sandbox runs under it, else systrap where runsc has it, else ptrace</source>
        <translation>Wie gVisors Sentry Systemaufrufe abfängt; Automatisch nimmt KVM, wenn eine Probe-Sandbox darunter läuft, sonst systrap, wo runsc es hat, sonst ptrace</translation>
    </message>
    <message>
        <location filename="../tiers/gvisor/gvisor_tier.cpp" line="+28"/>
        <source>gVisor</source>
        <translation>gVisor</translation>
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
        <location filename="../gui/tool_call_view.cpp" line="+45"/>
        <source>Open in editor</source>
        <translation>Im Editor öffnen</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Show or hide the code and its output</source>
        <translation>Code und Ausgabe ein- oder ausblenden</translation>
    </message>
    <message>
        <location line="+2"/>
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
        <location line="+55"/>
        <source>[… %1 characters not shown …]
</source>
        <translation>[… %1 Zeichen nicht angezeigt …]
</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source> · output truncated</source>
        <translation> · Ausgabe gekürzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · pictures shown to the model: %1</source>
        <translation> · dem Modell gezeigte Bilder: %1</translation>
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
        <location filename="../gui/lab_charts.cpp" line="-395"/>
        <source>Run the lab to see verdicts</source>
        <translation>Führen Sie das Labor aus, um Urteile zu sehen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Verdicts per tier</source>
        <translation>Urteile pro Stufe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attacks</source>
        <translation>Angriffe</translation>
    </message>
</context>
<context>
    <name>VerdictCountsTable</name>
    <message>
        <location line="+79"/>
        <source>Tier</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Counts</source>
        <translation>Zählung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Blocked: attacks the tier stopped. Allowed as expected: attacks the tier is known to let through. Unexpected: ALLOWED where the attack&apos;s metadata expects the tier to stop it, a failure of the tier. Never got to try: attacks with an ERROR verdict. Not possible here: control cells whose attack cannot work on this machine, left out of the other counts and of the chart. Left something behind: cells whose run left processes, folders, containers or sockets, failures whatever the verdict.</source>
        <translation>Blockiert: Angriffe, die die Stufe gestoppt hat. Erwartet durchgelassen: Angriffe, die die Stufe bekanntermaßen durchlässt. Unerwartet: ALLOWED, wo die Metadaten des Angriffs erwarten, dass die Stufe ihn stoppt – ein Versagen der Stufe. Kam nicht zum Versuch: Angriffe mit dem Urteil ERROR. Hier nicht möglich: Kontrollzellen, deren Angriff auf dieser Maschine nicht funktionieren kann, nicht in den übrigen Zahlen und im Diagramm. Hat etwas hinterlassen: Zellen, deren Lauf Prozesse, Ordner, Container oder Sockets hinterließ – Fehlschläge, was immer das Urteil.</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>%n blocked</source>
        <translation>
            <numerusform>%n blockiert</numerusform>
            <numerusform>%n blockiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n allowed as expected</source>
        <translation>
            <numerusform>%n erwartet durchgelassen</numerusform>
            <numerusform>%n erwartet durchgelassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n unexpected</source>
        <translation>
            <numerusform>%n unerwartet</numerusform>
            <numerusform>%n unerwartet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n never got to try</source>
        <comment>attacks with an ERROR verdict</comment>
        <translation>
            <numerusform>%n kam nicht zum Versuch</numerusform>
            <numerusform>%n kamen nicht zum Versuch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n not possible here</source>
        <translation>
            <numerusform>%n hier nicht möglich</numerusform>
            <numerusform>%n hier nicht möglich</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n left something behind</source>
        <translation>
            <numerusform>%n hat etwas hinterlassen</numerusform>
            <numerusform>%n haben etwas hinterlassen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>failures: %1 · %2</source>
        <translation>Fehlschläge: %1 · %2</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation type="vanished">Blockiert</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation type="vanished">Erlaubt</translation>
    </message>
    <message>
        <source>Unexpected</source>
        <translation type="vanished">Unerwartet</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation type="vanished">Fehler</translation>
    </message>
    <message>
        <source>Leftovers</source>
        <translation type="vanished">Rückstände</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation type="vanished">Versagen</translation>
    </message>
    <message>
        <source>Not possible</source>
        <translation type="vanished">Nicht möglich</translation>
    </message>
    <message>
        <source>Attacks the tier stopped</source>
        <translation type="vanished">Angriffe, die die Stufe gestoppt hat</translation>
    </message>
    <message>
        <source>Attacks that got through, expected or not</source>
        <translation type="vanished">Angriffe, die durchgekommen sind, erwartet oder nicht</translation>
    </message>
    <message>
        <source>ALLOWED where the attack&apos;s metadata expects the tier to stop it: a failure of the tier</source>
        <translation type="vanished">ALLOWED, wo die Metadaten des Angriffs erwarten, dass die Stufe ihn stoppt: ein Versagen der Stufe</translation>
    </message>
    <message>
        <source>Attacks that never got to try: they say nothing about the tier</source>
        <translation type="vanished">Angriffe, die nie zum Versuch kamen: Sie sagen nichts über die Stufe aus</translation>
    </message>
    <message>
        <source>Control cells whose attack cannot work on this machine (not root, no loadable modules): left out of the other counts and of the chart</source>
        <translation type="vanished">Zellen der Kontrolle, deren Angriff auf diesem Rechner nicht gelingen kann (nicht root, keine ladbaren Module): in den anderen Zählungen und im Diagramm nicht enthalten</translation>
    </message>
    <message>
        <source>Cells whose run left something behind (processes, folders, containers, sockets): failures whatever the verdict</source>
        <translation type="vanished">Zellen, deren Lauf etwas hinterlassen hat (Prozesse, Ordner, Container, Sockets): Versagen, wie auch immer das Urteil lautet</translation>
    </message>
    <message>
        <source>Cells with an unexpected ALLOWED, leftovers or both</source>
        <translation type="vanished">Zellen mit einem unerwarteten ALLOWED, Rückständen oder beidem</translation>
    </message>
</context>
<context>
    <name>WorkloadChart</name>
    <message>
        <location line="+292"/>
        <source>Bench with workloads to compare where each tier&apos;s cost lies</source>
        <translation>Mit Arbeitslasten messen, um zu vergleichen, wo die Kosten jeder Stufe liegen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Workloads: each tier&apos;s p50 over the bare host&apos;s, same session</source>
        <translation>Arbeitslasten: p50 jeder Stufe im Verhältnis zum nackten Host, gleiche Sitzung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>× bare host (log scale)</source>
        <translation>× nackter Host (logarithmisch)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bare host = 1×</source>
        <translation>nackter Host = 1×</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+12"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>@yPoint×</source>
        <translation>@yPoint×</translation>
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

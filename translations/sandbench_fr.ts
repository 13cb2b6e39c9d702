<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AgentChatDock</name>
    <message>
        <location filename="../gui/agent_chat_dock.cpp" line="+39"/>
        <source>&amp;Send</source>
        <translation>&amp;Envoyer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;New chat</source>
        <translation>&amp;Nouvelle discussion</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation type="vanished">Changer…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Show or hide the model settings</source>
        <translation>Afficher ou masquer les réglages du modèle</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Stop the session at once: the model call or the program in progress is aborted</source>
        <translation>Arrêter la session immédiatement : l’appel au modèle ou le programme en cours est interrompu</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save &amp;Transcript…</source>
        <translation>Enregistrer la &amp;transcription…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the whole session (task, model, tier, policy, every message and run) as JSON; it never holds the API key</source>
        <translation>Enregistrer toute la session (tâche, modèle, niveau, politique, chaque message et chaque exécution) en JSON ; la clé d’API n’y figure jamais</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export &amp;Markdown…</source>
        <translation>Exporter en &amp;Markdown…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the session as a Markdown document to read or share</source>
        <translation>Enregistrer la session comme document Markdown à lire ou à partager</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Transcript</source>
        <translation>Transcription</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save the last session, once it has ended</source>
        <translation>Enregistrer la dernière session, une fois terminée</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This program run&apos;s chats, labelled by the tiers their programs ran on: choose one to read it again or continue it</source>
        <translation>Les discussions de cette session, nommées d’après les niveaux où leurs programmes ont tourné : en choisir une pour la relire ou la poursuivre</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Start a new conversation; this one stays in the chat list</source>
        <translation>Commencer une nouvelle conversation ; celle-ci reste dans la liste des discussions</translation>
    </message>
    <message>
        <source>Choose the tier and policy the model&apos;s programs run on</source>
        <translation type="vanished">Choisir le niveau et la politique sous lesquels tournent les programmes du modèle</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · waiting for the model…</source>
        <translation type="vanished">Tour %1 sur %2 · en attente du modèle…</translation>
    </message>
    <message>
        <source>Turn %1 of %2 · the model&apos;s program runs on %3…</source>
        <translation type="vanished">Tour %1 sur %2 · le programme du modèle s’exécute sur %3…</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>Tasks</source>
        <translation>Tâches</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Policy…</source>
        <translation>Politique…</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>&amp;Replay on Tier…</source>
        <translation>&amp;Rejouer sur un niveau…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run every program of this session again on another tier, without the model, and show call by call where the results differ</source>
        <translation>Réexécuter chaque programme de cette session sur un autre niveau, sans le modèle, et montrer appel par appel où les résultats diffèrent</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>A bundled data-analysis task: its request goes into the input box and its data become the input files</source>
        <translation>Une tâche d’analyse de données fournie : sa demande va dans la zone de saisie et ses données deviennent les fichiers d’entrée</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Set the policy (and the tier&apos;s settings) the model&apos;s programs run under, in the Tier and policy pane</source>
        <translation>Régler la politique (et les réglages du niveau) sous laquelle s’exécutent les programmes du modèle, dans le panneau Niveau et politique</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tier the model&apos;s programs run on: the workbench&apos;s current tier</source>
        <translation>Le niveau sur lequel s’exécutent les programmes du modèle : le niveau courant de l’atelier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>choose a tier</source>
        <translation>choisir un niveau</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Runs on</source>
        <translation>S’exécute sur</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Turn %1 (call %2 of at most %3 for this message) · waiting for the model…</source>
        <translation>Tour %1 (appel %2 sur %3 au plus pour ce message) · en attente du modèle…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Turn %1 (call %2 of at most %3 for this message) · the model&apos;s program runs on %4…</source>
        <translation>Tour %1 (appel %2 sur %3 au plus pour ce message) · le programme du modèle s’exécute sur %4…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Agent: %1</source>
        <translation>Agent : %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>A session is running: stop it before starting another</source>
        <translation>Une session est en cours : arrêtez-la avant d’en commencer une autre</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Type a task for the model first</source>
        <translation>Saisissez d’abord une tâche pour le modèle</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No tier can run programs here</source>
        <translation>Aucun niveau ne peut exécuter de programmes ici</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Starting: %1 · programs run on %2 (%3)</source>
        <translation>Démarrage : %1 · les programmes s’exécutent sur %2 (%3)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The agent cannot start yet. %1</source>
        <translation>L’agent ne peut pas encore démarrer. %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Send the task to the model (Enter)</source>
        <translation>Envoyer la tâche au modèle (Entrée)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Model: %1</source>
        <translation>Modèle : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2 at %3</source>
        <translation>%1 %2 sur %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+9"/>
        <source>No session has ended yet</source>
        <translation>Aucune session n’est encore terminée</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+4"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export transcript as Markdown</source>
        <translation>Exporter la transcription en Markdown</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save transcript</source>
        <translation>Enregistrer la transcription</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved the transcript to %1</source>
        <translation>Transcription enregistrée dans %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chat %1 · new</source>
        <translation>Discussion %1 · nouvelle</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Chat %1 · %2 · %3</source>
        <translation>Discussion %1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>New chat: the model remembers nothing of the earlier ones</source>
        <translation>Nouvelle discussion : le modèle ne se souvient de rien des précédentes</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Runs on %1 · %2</source>
        <translation>S’exécute sur %1 · %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>No tier can run: %1</source>
        <translation>Aucun niveau ne peut s’exécuter : %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A task is ready: press Send (its data are the input files, at /data)</source>
        <translation>Une tâche est prête : appuyez sur Envoyer (ses données sont les fichiers d’entrée, dans /data)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Attached %1 as input files: the model&apos;s programs read them at /data</source>
        <translation>%1 joint(s) comme fichiers d’entrée : les programmes du modèle les lisent dans /data</translation>
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
[… %1 octets non affichés pendant que la fenêtre rattrapait son retard …]
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
        <translation>Compatible OpenAI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anthropic&apos;s Messages API, or any server speaking OpenAI&apos;s Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)</source>
        <translation>L’API Messages d’Anthropic, ou tout serveur qui parle les Chat Completions d’OpenAI (OpenAI, Ollama, llama.cpp, vLLM)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model&apos;s name as the provider knows it</source>
        <translation>Le nom du modèle tel que le fournisseur le connaît</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Anthropic: the API root (https://api.anthropic.com). OpenAI-compatible: the root holding /chat/completions (https://api.openai.com/v1, http://localhost:11434/v1 for Ollama)</source>
        <translation>Anthropic : la racine de l’API (https://api.anthropic.com). Compatible OpenAI : la racine qui contient /chat/completions (https://api.openai.com/v1, http://localhost:11434/v1 pour Ollama)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Model calls per task; the session stops when the model still wants to run code after the last one</source>
        <translation>Appels au modèle par tâche ; la session s’arrête si le modèle veut encore exécuter du code après le dernier</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Provider default</source>
        <translation>Valeur du fournisseur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampling temperature; the provider&apos;s own default unless set</source>
        <translation>Température d’échantillonnage ; à défaut, celle du fournisseur</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Provider:</source>
        <translation>Fournisseur :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mo&amp;del:</source>
        <translation>Mo&amp;dèle :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Base URL:</source>
        <translation>URL de &amp;base :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API &amp;key:</source>
        <translation>&amp;Clé d’API :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ma&amp;x turns:</source>
        <translation>Tours ma&amp;x. :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temper&amp;ature:</source>
        <translation>Tempér&amp;ature :</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Not set (%1 is empty)</source>
        <translation>Non définie (%1 est vide)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From %1</source>
        <translation>Depuis %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Held in memory only and never saved. When this field is empty, %1 from Sandbench&apos;s environment is used. A local server may need no key.</source>
        <translation>Conservée en mémoire uniquement, jamais enregistrée. Si ce champ est vide, %1 de l’environnement de Sandbench est utilisée. Un serveur local peut n’exiger aucune clé.</translation>
    </message>
</context>
<context>
    <name>AppearanceMenu</name>
    <message>
        <location filename="../gui/appearance_menu.cpp" line="+9"/>
        <source>&amp;Appearance</source>
        <translation>A&amp;pparence</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;System</source>
        <translation>&amp;Système</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Use the desktop&apos;s own style and colours</source>
        <translation>Utiliser le style et les couleurs du bureau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Use light colours, whatever the desktop&apos;s theme</source>
        <translation>Utiliser des couleurs claires, quel que soit le thème du bureau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Sombre</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Use dark colours, whatever the desktop&apos;s theme</source>
        <translation>Utiliser des couleurs sombres, quel que soit le thème du bureau</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show Sandbench in this language from the next start</source>
        <translation>Afficher Sandbench dans cette langue à partir du prochain démarrage</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The language changes when Sandbench is started again.</source>
        <translation>La langue change au prochain démarrage de Sandbench.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;ystem Language</source>
        <translation>Langue du s&amp;ystème</translation>
    </message>
</context>
<context>
    <name>ArtifactPreview</name>
    <message>
        <location filename="../gui/artifact_preview.cpp" line="+22"/>
        <source>not a picture</source>
        <translation>pas une image</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not drawn: the SVG refers to files or addresses outside itself</source>
        <translation>non dessiné : le SVG renvoie à des fichiers ou adresses hors de lui-même</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>its size cannot be read</source>
        <translation>sa taille est illisible</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a readable %1 picture</source>
        <translation>pas une image %1 lisible</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not drawn: %1 × %2 pixels is too large to preview</source>
        <translation>non dessiné : %1 × %2 pixels, trop grand pour un aperçu</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cannot be decoded: %1</source>
        <translation>impossible à décoder : %1</translation>
    </message>
</context>
<context>
    <name>ArtifactShelf</name>
    <message>
        <location filename="../gui/artifact_shelf.cpp" line="+71"/>
        <source>Not collected: %1</source>
        <translation>Non récupérés : %1</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Save…</source>
        <translation>Enregistrer…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save %1 on this computer</source>
        <translation>Enregistrer %1 sur cet ordinateur</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No such artifact</source>
        <translation>Cet artefact n’existe pas</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save artifact</source>
        <translation>Enregistrer l’artefact</translation>
    </message>
</context>
<context>
    <name>Attack</name>
    <message>
        <location filename="../build/dev/gui/attack_texts.cpp" line="+2"/>
        <source>CPU loop</source>
        <translation>Boucle CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory grab (512 MB)</source>
        <translation>Accaparer la mémoire (512 Mo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fork flood (200 procs)</source>
        <translation>Déluge de fork (200 processus)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk fill (50 MB)</source>
        <translation>Remplir le disque (50 Mo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read host secret</source>
        <translation>Lire un secret de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach internal service</source>
        <translation>Atteindre un service interne</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Canary in os.environ</source>
        <translation>Canari dans os.environ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Canary in /proc/self/environ</source>
        <translation>Canari dans /proc/self/environ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Canary in other processes&apos; environ</source>
        <translation>Canari dans l’environ d’autres processus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read secret dotfile in home</source>
        <translation>Lire un fichier caché secret du dossier personnel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read secret through a symlink</source>
        <translation>Lire un secret par un lien symbolique</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read secret via /proc/*/root</source>
        <translation>Lire un secret via /proc/*/root</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach service on [::1]</source>
        <translation>Atteindre un service sur [::1]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach Unix socket by path</source>
        <translation>Atteindre un socket Unix par son chemin</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reach abstract Unix socket</source>
        <translation>Atteindre un socket Unix abstrait</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UDP to loopback echo</source>
        <translation>UDP vers un écho en boucle locale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DNS exfiltration</source>
        <translation>Exfiltration par DNS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write into the Python library</source>
        <translation>Écrire dans la bibliothèque Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dotfile persistence in home</source>
        <translation>Persistance par fichier caché du dossier personnel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk fill (400 x 512 KB)</source>
        <translation>Remplir le disque (400 × 512 Ko)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fill /dev/shm (128 MB)</source>
        <translation>Remplir /dev/shm (128 Mo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create a setuid file</source>
        <translation>Créer un fichier setuid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory spread (4 x 150 MB)</source>
        <translation>Mémoire répartie (4 × 150 Mo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thread bomb (1000 threads)</source>
        <translation>Bombe de threads (1000 threads)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sleep forever (wall clock only)</source>
        <translation>Dormir pour toujours (horloge murale seule)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU burn on all cores</source>
        <translation>Brûler le CPU sur tous les cœurs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output flood (20 MB)</source>
        <translation>Déluge de sortie (20 Mo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One 20 MB line (no newline)</source>
        <translation>Une ligne de 20 Mo (sans saut de ligne)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host memory size</source>
        <translation>Taille de la mémoire de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host CPU model</source>
        <translation>Modèle de CPU de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host kernel version</source>
        <translation>Version du noyau de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host hostname</source>
        <translation>Nom d’hôte de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>See other tenants&apos; processes</source>
        <translation>Voir les processus d’autres locataires</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>See and signal a host process</source>
        <translation>Voir un processus de l’hôte et lui envoyer un signal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Survive the timeout</source>
        <translation>Survivre au délai</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ptrace a host process</source>
        <translation>ptrace sur un processus de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read a host process&apos;s memory</source>
        <translation>Lire la mémoire d’un processus de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>io_uring setup</source>
        <translation>Mise en place d’io_uring</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw and packet sockets</source>
        <translation>Sockets bruts et paquets</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Netlink and vsock sockets</source>
        <translation>Sockets netlink et vsock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal injection (TIOCSTI)</source>
        <translation>Injection dans le terminal (TIOCSTI)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kernel keyring</source>
        <translation>Trousseau de clés du noyau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mount a filesystem</source>
        <translation>Monter un système de fichiers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unshare into new namespaces</source>
        <translation>Passer dans de nouveaux espaces de noms (unshare)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load a kernel module</source>
        <translation>Charger un module du noyau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forge the run&apos;s end and outlive it</source>
        <translation>Falsifier la fin de l’exécution et lui survivre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New mount-table calls</source>
        <translation>Nouveaux appels de la table des montages</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory across processes (4 x 200 MB)</source>
        <translation>Mémoire sur plusieurs processus (4 × 200 Mo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Socket buffer memory (400 MB)</source>
        <translation>Mémoire des tampons de socket (400 Mo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take every inotify instance of the uid</source>
        <translation>Prendre toutes les instances inotify de l’uid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue every pending signal of the uid</source>
        <translation>Occuper tous les signaux en attente de l’uid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host identifiers in /proc and /etc</source>
        <translation>Identifiants de l’hôte dans /proc et /etc</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host disk and storage paths in the mount table</source>
        <translation>Disques et chemins de stockage de l’hôte dans la table des montages</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host boot id</source>
        <translation>Identifiant de démarrage de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change a planted input in /data</source>
        <translation>Modifier une entrée placée dans /data</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link an artifact to the host secret</source>
        <translation>Lier un artefact au secret de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link an artifact to a host input</source>
        <translation>Lier un artefact à une entrée de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Artifact flood (10,000 files, 1 GB sparse)</source>
        <translation>Déluge d’artefacts (10 000 fichiers, 1 Go creux)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hostile artifact names</source>
        <translation>Noms d’artefacts hostiles</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Images that are not what their names say</source>
        <translation>Images qui ne sont pas ce que disent leurs noms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: reach the allowed name (function check)</source>
        <translation>Sortie : joindre le nom autorisé (vérification de fonctionnement)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a name not listed</source>
        <translation>Sortie : un nom absent de la liste</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: the allowed name on another port</source>
        <translation>Sortie : le nom autorisé sur un autre port</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: an IP literal</source>
        <translation>Sortie : une adresse IP littérale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a DNS query</source>
        <translation>Sortie : une requête DNS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a direct connection past the proxy</source>
        <translation>Sortie : une connexion directe qui contourne le proxy</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a TLS name other than the CONNECT&apos;s</source>
        <translation>Sortie : un nom TLS autre que celui du CONNECT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: a Host header other than the CONNECT&apos;s</source>
        <translation>Sortie : un en-tête Host autre que celui du CONNECT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: the secret sent to another listed host</source>
        <translation>Sortie : le secret envoyé à un autre hôte de la liste</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Egress: read the secret&apos;s real value</source>
        <translation>Sortie : lire la vraie valeur du secret</translation>
    </message>
</context>
<context>
    <name>AttackLabPage</name>
    <message>
        <location filename="../gui/attack_lab_page.cpp" line="+63"/>
        <source>A folder of *.py attacks, each with a metadata header</source>
        <translation>Un dossier d&apos;attaques *.py, chacune avec un en-tête de métadonnées</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Suite:</source>
        <translation>Suite :</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Run suite</source>
        <translation>Exécuter la suite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run every attack of the suite on the checked tiers, in parallel</source>
        <translation>Exécuter chaque attaque de la suite sur les niveaux cochés, en parallèle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the lab or bench at once; nothing is left running</source>
        <translation>Arrêter tout de suite le laboratoire ou la mesure ; rien ne reste en cours</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bench</source>
        <translation>Mesurer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measure start-up latency of print(1) on the checked tiers</source>
        <translation>Mesurer la latence de démarrage de print(1) sur les niveaux cochés</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> runs</source>
        <translation> exécutions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timed runs per tier in a bench</source>
        <translation>Exécutions chronométrées par niveau lors d’une mesure</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export…</source>
        <translation>Exporter…</translation>
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
            <numerusform>%n bloquée</numerusform>
            <numerusform>%n bloquées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n allowed</source>
        <translation>
            <numerusform>%n autorisée</numerusform>
            <numerusform>%n autorisées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n unexpected</source>
        <translation>
            <numerusform>%n inattendue</numerusform>
            <numerusform>%n inattendues</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 error</source>
        <translation>1 erreur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 errors</source>
        <translation>%1 erreurs</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n with leftovers</source>
        <translation>
            <numerusform>%n avec des restes</numerusform>
            <numerusform>%n avec des restes</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Use warm sandboxes</source>
        <translation>Utiliser des bacs à sable préchauffés</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Serve the lab&apos;s runs from sandboxes each tier starts ahead, one per run, and end them after the lab; unchecked, every run starts its own sandbox</source>
        <translation>Servir les exécutions du labo depuis des bacs à sable que chaque niveau démarre à l’avance, un par exécution, arrêtés après le labo ; décoché, chaque exécution démarre son propre bac à sable</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>print(1)</source>
        <translation>print(1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all workloads</source>
        <translation>toutes les charges</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the bench times: print(1) alone, or also the bundled workloads (imports, a CPU loop, system calls, file I/O, child processes), each against the bare host</source>
        <translation>Ce que mesure le banc : print(1) seul, ou aussi les charges fournies (imports, une boucle CPU, appels système, E/S fichiers, processus enfants), chacune face à l’hôte nu</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the lab run as JSON (the whole run: policy, machine, tiers, code and every outcome), CSV or an HTML report</source>
        <translation>Enregistrer l’exécution du laboratoire en JSON (toute l’exécution : politique, machine, niveaux, code et chaque résultat), en CSV ou en rapport HTML</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTML report…</source>
        <translation>Rapport HTML…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the lab run as one self-contained HTML page to share: the matrix, counts, every cell&apos;s code, output and evidence, the machine and tiers</source>
        <translation>Enregistrer l’exécution du laboratoire en une page HTML autonome à partager : la matrice, les décomptes, le code, la sortie et les preuves de chaque cellule, la machine et les niveaux</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open run…</source>
        <translation>Ouvrir une exécution…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show a saved lab run again, from this tab or from sandbench-cli attacks --json</source>
        <translation>Afficher de nouveau une exécution enregistrée, depuis cet onglet ou depuis sandbench-cli attacks --json</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save verdict chart…</source>
        <translation>Enregistrer le graphique des verdicts…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the chart of verdicts per tier as a PNG image</source>
        <translation>Enregistrer le graphique des verdicts par niveau en image PNG</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save latency chart…</source>
        <translation>Enregistrer le graphique de latence…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the latency chart of the last bench as a PNG image</source>
        <translation>Enregistrer le graphique de latence de la dernière mesure en image PNG</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Check the tiers to attack and press Run suite: a row per attack, a column per tier, each cell filled as its attack finishes</source>
        <translation>Cochez les niveaux à attaquer et appuyez sur « Exécuter la suite » : une ligne par attaque, une colonne par niveau, chaque cellule remplie dès que son attaque se termine</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Bench figures</source>
        <translation>Mesures</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>%1 failed: %2</source>
        <translation>%1 a échoué : %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attack Lab stopped: %1</source>
        <translation>Laboratoire d&apos;attaques arrêté : %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attack Lab finished: %1</source>
        <translation>Laboratoire d&apos;attaques terminé : %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2 s wall time</source>
        <translation>%1 — %2 s de temps réel</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Bench stopped</source>
        <translation>Mesure arrêtée</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bench finished</source>
        <translation>Mesure terminée</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Choose an attack suite folder</source>
        <translation>Choisir le dossier d&apos;une suite d&apos;attaques</translation>
    </message>
    <message>
        <location line="+45"/>
        <location line="+64"/>
        <location line="+123"/>
        <source>Stop the current run first</source>
        <translation>Arrêtez d&apos;abord l&apos;exécution en cours</translation>
    </message>
    <message>
        <location line="-185"/>
        <location line="+62"/>
        <source>Check at least one tier that can run here</source>
        <translation>Cochez au moins un niveau utilisable ici</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>Cannot load the suite: %1</source>
        <translation>Impossible de charger la suite : %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Cannot set up the attack targets: %1</source>
        <translation>Impossible de préparer les cibles des attaques : %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cannot load the workloads: %1</source>
        <translation>Impossible de charger les charges : %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Bench: %1</source>
        <translation>Mesure : %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attack Lab: %1</source>
        <translation>Laboratoire d&apos;attaques : %1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>There is no lab run to export</source>
        <translation>Aucune exécution du laboratoire à exporter</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cannot export to %1: choose a name ending in .json, .csv or .html</source>
        <translation>Impossible d’exporter vers %1 : choisissez un nom se terminant par .json, .csv ou .html</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lab run exported to %1</source>
        <translation>Exécution du laboratoire exportée vers %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d’ouvrir %1 : %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not a lab run: %2</source>
        <translation>%1 n’est pas une exécution du laboratoire : %2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Opened %1: %2</source>
        <translation>%1 ouvert : %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Lab run as JSON (*.json)</source>
        <translation>Exécution du laboratoire en JSON (*.json)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lab run as CSV (*.csv)</source>
        <translation>Exécution du laboratoire en CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>Lab report as HTML (*.html)</source>
        <translation>Rapport du laboratoire en HTML (*.html)</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+12"/>
        <source>Export the lab run</source>
        <translation>Exporter l’exécution du laboratoire</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+9"/>
        <source>Save the lab report</source>
        <translation>Enregistrer le rapport du laboratoire</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Lab run</source>
        <translation>Exécution du laboratoire</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>re-opened from %1: the policy, machine and tier details are this session&apos;s, not necessarily the run&apos;s</source>
        <translation>rouverte depuis %1 : la politique, la machine et les détails des niveaux sont ceux de cette session, pas forcément ceux de l’exécution</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+6"/>
        <source>Open a saved lab run</source>
        <translation>Ouvrir une exécution enregistrée</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Lab runs (*.json);;All files (*)</source>
        <translation>Exécutions du laboratoire (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+9"/>
        <source>Save the chart</source>
        <translation>Enregistrer le graphique</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Chart saved to %1</source>
        <translation>Graphique enregistré dans %1</translation>
    </message>
</context>
<context>
    <name>AttackMatrixModel</name>
    <message>
        <location filename="../gui/attack_matrix_model.cpp" line="+80"/>
        <source>(inferred)</source>
        <translation>(déduite)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (expected)</source>
        <translation>%1 (attendu)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not possible here</source>
        <translation>impossible ici</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>⚠ leftovers: %1</source>
        <translation>⚠ restes : %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Not expected on this tier: a failure</source>
        <translation>Inattendu sur ce niveau : un échec</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leftovers: none</source>
        <translation>Restes : aucun</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ Leftovers, a failure whatever the verdict: %1</source>
        <translation>⚠ Restes, un échec quel que soit le verdict : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Needs root on the control</source>
        <translation>Nécessite root sur le témoin</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unmet here: %1</source>
        <translation>Condition non remplie ici : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The control&apos;s %1 proves nothing here: left out of the counts</source>
        <translation>Le %1 du témoin ne prouve rien ici : non compté</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 (control)</source>
        <translation>%1 (témoin)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has no isolation: it shows that each attack really works</source>
        <translation>%1 n&apos;isole rien : il montre que chaque attaque fonctionne vraiment</translation>
    </message>
</context>
<context>
    <name>CellDetails</name>
    <message>
        <location filename="../gui/cell_details.cpp" line="+64"/>
        <source>Click a cell of the matrix to see why the tier decided as it did.</source>
        <translation>Cliquez sur une cellule de la matrice pour voir pourquoi le niveau a décidé ainsi.</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Evidence</source>
        <translation>Preuves</translation>
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
        <translation>Cliquez sur une cellule de la matrice pour voir le code de son attaque.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run was opened without the attack&apos;s code.</source>
        <translation>Cette exécution a été ouverte sans le code de l’attaque.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run wrote nothing here.</source>
        <translation>L’exécution n’a rien écrit ici.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The attack has not finished on this tier.</source>
        <translation>L’attaque n’est pas encore terminée sur ce niveau.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a cell of the matrix to see what its run wrote.</source>
        <translation>Cliquez sur une cellule de la matrice pour voir ce que son exécution a écrit.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has not finished on this tier.</source>
        <translation>%1 n&apos;est pas terminé sur ce niveau.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 on %2: %3 in %4 s</source>
        <translation>%1 sur %2 : %3 en %4 s</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> (control tier: no isolation)</source>
        <translation> (niveau témoin : aucune isolation)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Expected: yes, the attack&apos;s metadata expects this tier to let it through</source>
        <translation>Attendu : oui, les métadonnées de l’attaque s’attendent à ce que ce niveau la laisse passer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expected: no, this tier should have stopped it: a failure of the tier</source>
        <translation>Attendu : non, ce niveau aurait dû l’arrêter : un échec du niveau</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expected: no, this tier should stop it</source>
        <translation>Attendu : non, ce niveau devrait l’arrêter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Layer: not known</source>
        <translation>Couche : inconnue</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layer: %1</source>
        <translation>Couche : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leftovers: none</source>
        <translation>Restes : aucun</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ Leftovers, a failure whatever the verdict:</source>
        <translation>⚠ Restes, un échec quel que soit le verdict :</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Needs root: on the control this attack gets through only when Sandbench runs as root</source>
        <translation>Nécessite root : sur le témoin, cette attaque ne passe que si Sandbench s’exécute en root</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unmet on this machine: %1; a BLOCKED on the control proves nothing here</source>
        <translation>Condition non remplie sur cette machine : %1 ; un BLOCKED sur le témoin ne prouve rien ici</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not possible here: left out of the counts and the chart</source>
        <translation>Impossible ici : exclu des comptes et du graphique</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evidence: %1</source>
        <translation>Preuves : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run: %1</source>
        <translation>Exécution : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped by: %1</source>
        <translation>Arrêté par : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tier&apos;s evidence: %1</source>
        <translation>Preuves du niveau : %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Network: what the egress proxy allowed and refused</source>
        <translation>Réseau : ce que le proxy de sortie a permis et refusé</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+3"/>
        <source>
[truncated by the output cap]</source>
        <translation>
[tronqué par la limite de sortie]</translation>
    </message>
</context>
<context>
    <name>ChatInput</name>
    <message>
        <location filename="../gui/chat_input.cpp" line="+8"/>
        <source>Describe a task for the model. Enter sends, Shift+Enter starts a new line.</source>
        <translation>Décrivez une tâche pour le modèle. Entrée envoie, Maj+Entrée commence une nouvelle ligne.</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../gui/chat_view.cpp" line="+69"/>
        <source>The model writes Python to solve your task. Every program runs on the tier and under the policy chosen in Tier and policy, never inside Sandbench itself; the model sees only what the program prints.</source>
        <translation>Le modèle écrit du Python pour résoudre votre tâche. Chaque programme s’exécute sur le niveau et sous la politique choisis dans « Niveau et politique », jamais dans Sandbench lui-même ; le modèle ne voit que ce que le programme affiche.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Model · turn %1</source>
        <translation>Modèle · tour %1</translation>
    </message>
    <message>
        <source>Finished: the model answered at turn %1 of %2.</source>
        <translation type="vanished">Terminé : le modèle a répondu au tour %1 sur %2.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Finished: the model answered at turn %1 (model calls for this message: %2 of at most %3).</source>
        <translation>Terminé : le modèle a répondu au tour %1 (appels au modèle pour ce message : %2 sur %3 au plus).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Turn limit (%1) reached: the model still wanted to run code.</source>
        <translation>Limite de tours (%1) atteinte : le modèle voulait encore exécuter du code.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed: %1</source>
        <translation>Échec : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled: you stopped the session.</source>
        <translation>Annulé : vous avez arrêté la session.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Answer · turn %1</source>
        <translation>Réponse · tour %1</translation>
    </message>
</context>
<context>
    <name>CodeEditor</name>
    <message>
        <location filename="../gui/code_editor.cpp" line="+68"/>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d&apos;ouvrir %1 : %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is too large to edit: the limit is %2.</source>
        <translation>%1 est trop volumineux pour être modifié : la limite est de %2.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is not valid UTF-8 text. Convert it to UTF-8 and open it again.</source>
        <translation>%1 n&apos;est pas un texte UTF-8 valide. Convertissez-le en UTF-8 et rouvrez-le.</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+16"/>
        <location line="+3"/>
        <source>Cannot save %1: %2</source>
        <translation>Impossible d&apos;enregistrer %1 : %2</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>the file was written only in part</source>
        <translation>le fichier n&apos;a été écrit qu&apos;en partie</translation>
    </message>
</context>
<context>
    <name>ComparisonDialog</name>
    <message>
        <location filename="../gui/comparison_dialog.cpp" line="+27"/>
        <source>exit %1</source>
        <translation>sortie %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by %1</source>
        <translation>tuée par %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no exit status</source>
        <translation>pas de statut de sortie</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>did not run</source>
        <translation>ne s’est pas exécutée</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n ligne</numerusform>
            <numerusform>%n lignes</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, cut at the cap</source>
        <translation>%1, coupée au plafond</translation>
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
        <translation>non mesuré</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>%1 MB</source>
        <translation>%1 Mo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>warm</source>
        <translation>à chaud</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cold</source>
        <translation>à froid</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Ended</source>
        <translation>Fin</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped by</source>
        <translation>Arrêtée par</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Evidence</source>
        <translation>Preuve</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wall time</source>
        <translation>Temps réel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPU time</source>
        <translation>Temps CPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Peak memory</source>
        <translation>Mémoire maximale</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start</source>
        <translation>Démarrage</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Standard output</source>
        <translation>Sortie standard</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Standard error</source>
        <translation>Erreur standard</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>how it ended</source>
        <translation>comment elle s’est terminée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>what stopped it</source>
        <translation>ce qui l’a arrêtée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard output</source>
        <translation>sortie standard</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard error</source>
        <translation>erreur standard</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output cut at the cap</source>
        <translation>sortie coupée au plafond</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Run on ticked tiers</source>
        <translation>&amp;Exécuter sur les niveaux cochés</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Run on all tiers</source>
        <translation>Exécuter sur tous les niveaux</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tiers the program runs on, side by side; the host control only when you tick it, since it isolates nothing. A change applies to the next run</source>
        <translation>Les niveaux où le programme s’exécute, côte à côte ; le témoin hôte seulement si vous le cochez, car il n’isole rien. Un changement vaut pour l’exécution suivante</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stop every tier at once; each kills everything it started</source>
        <translation>Arrêter tous les niveaux d’un coup ; chacun tue tout ce qu’il a démarré</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 of %2 tiers finished…</source>
        <translation>%1 niveaux sur %2 terminés…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Checking which tiers can run here…</source>
        <translation>Vérification des niveaux utilisables ici…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot run here: %1</source>
        <translation>Ne peut pas s’exécuter ici : %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tick the tiers to compare and press Run</source>
        <translation>Cochez les niveaux à comparer et appuyez sur Exécuter</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Tick at least one tier that can run here</source>
        <translation>Cochez au moins un niveau utilisable ici</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>There is no program to run</source>
        <translation>Il n’y a pas de programme à exécuter</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>Running on %n tier(s) side by side…</source>
        <translation>
            <numerusform>S’exécute sur %n niveau…</numerusform>
            <numerusform>S’exécute sur %n niveaux côte à côte…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping every tier…</source>
        <translation>Arrêt de tous les niveaux…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 (control)</source>
        <translation>%1 (témoin)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Differs from most of the tiers</source>
        <translation>Diffère de la plupart des niveaux</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>── standard error ──</source>
        <translation>── erreur standard ──</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No differences between the tiers besides timings and memory</source>
        <translation>Aucune différence entre les niveaux hors temps et mémoire</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 Differs: %2 (timings and memory never count)</source>
        <translation>%1 Différences : %2 (les temps et la mémoire ne comptent jamais)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped: every tier was cancelled. %1</source>
        <translation>Arrêté : tous les niveaux ont été annulés. %1</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <location filename="../core/engine_phrases.cpp" line="+17"/>
        <source>cancelled by the user</source>
        <translation>annulée par l’utilisateur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled by the user at %1 s; the sandbox&apos;s PID namespace was killed</source>
        <translation>annulée par l’utilisateur à %1 s ; l’espace de noms PID du bac à sable a été tué</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed at %1 s wall timeout (SIGKILL to the sandbox&apos;s PID namespace)</source>
        <translation>tuée au délai de %1 s (SIGKILL à l’espace de noms PID du bac à sable)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed at the %1 s wall-clock limit</source>
        <translation>tuée à la limite de %1 s d’horloge murale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: the VM&apos;s QEMU process was killed and reaped (%2)</source>
        <translation>%1 : le processus QEMU de la VM a été tué et récupéré (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: `%2 kill` ended the container and it is gone</source>
        <translation>%1 : `%2 kill` a arrêté le conteneur, qui a disparu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: `%2 kill` ended the container; %3</source>
        <translation>%1 : `%2 kill` a arrêté le conteneur ; %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest kernel&apos;s OOM killer ended %1 process(es) in the VM&apos;s %2 MB of RAM</source>
        <translation>le tueur OOM du noyau invité a arrêté %1 processus dans les %2 Mo de RAM de la VM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ended by the deadline after %1 s (the host tier has no limits of its own)</source>
        <translation>arrêtée par l’échéance après %1 s (le niveau hôte n’a pas de limites propres)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the run&apos;s memory cgroup (%1 MB for all its processes, kernel memory included) was full, and its OOM killer ended %2 process</source>
        <translation>la cgroup mémoire de l’exécution (%1 Mo pour tous ses processus, mémoire du noyau comprise) était pleine et son tueur OOM a arrêté %2 processus</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the run&apos;s memory cgroup (%1 MB for all its processes, kernel memory included) was full, and its OOM killer ended %2 processes</source>
        <translation>la cgroup mémoire de l’exécution (%1 Mo pour tous ses processus, mémoire du noyau comprise) était pleine et son tueur OOM a arrêté %2 processus</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the sandbox ended before reporting the program&apos;s status</source>
        <translation>le bac à sable s’est terminé avant de rapporter le statut du programme</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seccomp denied %1 (answered EOPNOTSUPP)</source>
        <translation>seccomp a refusé %1 (réponse EOPNOTSUPP)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the run&apos;s pids cgroup (pids.max %1, init included) refused %2 fork</source>
        <translation>la cgroup pids de l’exécution (pids.max %1, init compris) a refusé %2 fork</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the run&apos;s pids cgroup (pids.max %1, init included) refused %2 forks</source>
        <translation>la cgroup pids de l’exécution (pids.max %1, init compris) a refusé %2 forks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the run&apos;s pids cgroup refused %2 fork too)</source>
        <translation>%1 (la cgroup pids de l’exécution a aussi refusé %2 fork)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the run&apos;s pids cgroup refused %2 forks too)</source>
        <translation>%1 (la cgroup pids de l’exécution a aussi refusé %2 forks)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>output beyond %1 bytes per stream was drained and dropped</source>
        <translation>la sortie au-delà de %1 octets par flux a été lue et jetée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the kernel&apos;s OOM killer ran %1 time(s) at the container&apos;s %2 MB %3</source>
        <translation>le tueur OOM du noyau a agi %1 fois à la limite de %2 Mo du conteneur : %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the %1 refused %2 fork(s) at %3 processes</source>
        <translation>%1 a refusé %2 fork(s) à %3 processus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the pids cgroup counted %2 refusal)</source>
        <translation>%1 (la cgroup pids a compté %2 refus)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (the pids cgroup counted %2 refusals)</source>
        <translation>%1 (la cgroup pids a compté %2 refus)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host still saw %1 process(es) of the container after its waiter&apos;s report, and `%2 kill` ended them</source>
        <translation>l’hôte voyait encore %1 processus du conteneur après le rapport de son veilleur, et `%2 kill` les a arrêtés</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>killed by %1 at the %2 s CPU limit (%3 s CPU used)</source>
        <translation>tuée par %1 à la limite CPU de %2 s (%3 s de CPU utilisées)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by %1 at the %2 s CPU limit</source>
        <translation>tuée par %1 à la limite CPU de %2 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by SIGXFSZ: file larger than the %1 MB %2</source>
        <translation>tuée par SIGXFSZ : fichier plus grand que %1 Mo (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by SIGSYS: a system call forbidden by seccomp</source>
        <translation>tuée par SIGSYS : un appel système interdit par seccomp</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>killed by %1: %2</source>
        <translation>tuée par %1 : %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>killed by %1</source>
        <translation>tuée par %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MemoryError under the %1 MB %2</source>
        <translation>MemoryError sous %1 Mo (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fork: EAGAIN under the %1-process %2</source>
        <translation>fork : EAGAIN à %1 processus (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>write: EFBIG, file larger than the %1 MB %2</source>
        <translation>write : EFBIG, fichier plus grand que %1 Mo (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>write: ENOSPC, the %1 MB %2 is full</source>
        <translation>write : ENOSPC, %1 Mo pleins (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connect: network unreachable (%1)</source>
        <translation>connect : réseau injoignable (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connect: connection refused (%1)</source>
        <translation>connect : connexion refusée (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>path not present in sandbox (%1): %2</source>
        <translation>chemin absent du bac à sable (%1) : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>write: EROFS, read-only file system (%1)</source>
        <translation>write : EROFS, système de fichiers en lecture seule (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit %1</source>
        <translation>sortie %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no exit status</source>
        <translation>pas de statut de sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>address-space limit (RLIMIT_AS)</source>
        <translation>limite d’espace d’adressage (RLIMIT_AS)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>limit (RLIMIT_NPROC, counted in the sandbox&apos;s own user namespace)</source>
        <translation>limite (RLIMIT_NPROC, comptée dans l’espace de noms utilisateur propre au bac à sable)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file-size limit (RLIMIT_FSIZE)</source>
        <translation>limite de taille de fichier (RLIMIT_FSIZE)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmpfs working folder</source>
        <translation>dossier de travail tmpfs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty network namespace</source>
        <translation>espace de noms réseau vide</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>private mount namespace with a minimal read-only view</source>
        <translation>espace de noms de montage privé avec une vue minimale en lecture seule</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory cgroup limit (--memory, no swap)</source>
        <translation>limite de la cgroup mémoire (--memory, sans swap)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pids cgroup limit (--pids-limit)</source>
        <translation>limite de la cgroup pids (--pids-limit)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file-size rlimit (--ulimit fsize)</source>
        <translation>rlimit de taille de fichier (--ulimit fsize)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped tmpfs /tmp (--tmpfs size)</source>
        <translation>tmpfs /tmp plafonné (--tmpfs size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the engine&apos;s default network</source>
        <translation>le réseau par défaut du moteur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network namespace route (--network none)</source>
        <translation>aucune route dans l’espace de noms réseau (--network none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only container root (--read-only), no host folder mounted</source>
        <translation>racine du conteneur en lecture seule (--read-only), aucun dossier de l’hôte monté</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest RLIMIT_AS (the guest&apos;s own kernel)</source>
        <translation>RLIMIT_AS de l’invité (son propre noyau)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest RLIMIT_NPROC (the guest&apos;s own kernel)</source>
        <translation>RLIMIT_NPROC de l’invité (son propre noyau)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest RLIMIT_FSIZE (the guest&apos;s own kernel)</source>
        <translation>RLIMIT_FSIZE de l’invité (son propre noyau)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped tmpfs /tmp in the guest</source>
        <translation>tmpfs /tmp plafonné dans l’invité</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network device in the VM (-nic none)</source>
        <translation>aucun périphérique réseau dans la VM (-nic none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest&apos;s own root filesystem, no host folder shared</source>
        <translation>le système de fichiers racine propre à l’invité, aucun dossier de l’hôte partagé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a separate microVM on E2B&apos;s hosts: no file of this machine is there</source>
        <translation>une microVM séparée sur les hôtes d’E2B : aucun fichier de cette machine n’y est</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>network namespace with loopback only: its one way out is the egress proxy</source>
        <translation>espace de noms réseau avec la seule boucle locale : sa seule sortie est le proxy de sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no network namespace route (--network none): its one way out is the egress proxy</source>
        <translation>aucune route dans l’espace de noms réseau (--network none) : sa seule sortie est le proxy de sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no network device in the VM (-nic none): its one way out is the egress proxy, through a virtio-serial port</source>
        <translation>aucun périphérique réseau dans la VM (-nic none) : sa seule sortie est le proxy de sortie, par un port virtio-serial</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the %1 tier cannot enforce a network allow list (the policy&apos;s &quot;network&quot;: {&quot;allow&quot;: ...} and &quot;secrets&quot;): run it on the subprocess, container, gVisor or microVM tier, or with &quot;network&quot;: false or true; no user code ran</source>
        <translation>le niveau %1 ne peut pas appliquer une liste d’hôtes autorisés (&quot;network&quot;: {&quot;allow&quot;: ...} et &quot;secrets&quot; de la politique) : exécutez-le sur le niveau subprocess, container, gVisor ou microVM, ou avec &quot;network&quot;: false ou true ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>secret %1 has no value: give it in the workbench&apos;s secret field; no user code ran</source>
        <translation>le secret %1 n’a pas de valeur : saisissez-la dans le champ de secret de l’atelier ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>secret %1 has no value: set %2 in Sandbench&apos;s environment; no user code ran</source>
        <translation>le secret %1 n’a pas de valeur : définissez %2 dans l’environnement de Sandbench ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a network allow list needs mitmproxy&apos;s mitmdump, which is not installed here: install the Debian package mitmproxy (scripts/install-deps.sh does), or set SANDBENCH_MITMDUMP</source>
        <translation>une liste d’hôtes autorisés a besoin de mitmdump de mitmproxy, qui n’est pas installé ici : installez le paquet Debian mitmproxy (scripts/install-deps.sh le fait) ou définissez SANDBENCH_MITMDUMP</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a network allow list needs mitmproxy&apos;s mitmdump, which is not installed here: install the Debian package mitmproxy (scripts/install-deps.sh does), or set SANDBENCH_MITMDUMP; no user code ran</source>
        <translation>une liste d’hôtes autorisés a besoin de mitmdump de mitmproxy, qui n’est pas installé ici : installez le paquet Debian mitmproxy (scripts/install-deps.sh le fait) ou définissez SANDBENCH_MITMDUMP ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a network allow list needs setpriv (util-linux) to tie the proxy&apos;s life to Sandbench&apos;s</source>
        <translation>une liste d’hôtes autorisés a besoin de setpriv (util-linux) pour lier la vie du proxy à celle de Sandbench</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a network allow list needs setpriv (util-linux) to tie the proxy&apos;s life to Sandbench&apos;s; no user code ran</source>
        <translation>une liste d’hôtes autorisés a besoin de setpriv (util-linux) pour lier la vie du proxy à celle de Sandbench ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot start the egress proxy: %1; no user code ran</source>
        <translation>impossible de démarrer le proxy de sortie : %1 ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the egress proxy (mitmdump) ended before it listened: %1; no user code ran</source>
        <translation>le proxy de sortie (mitmdump) s’est arrêté avant d’écouter : %1 ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the egress proxy (mitmdump) did not listen within %1 s: %2; no user code ran</source>
        <translation>le proxy de sortie (mitmdump) n’a pas écouté en %1 s : %2 ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the egress proxy made no CA certificate: %1; no user code ran</source>
        <translation>le proxy de sortie n’a fait aucun certificat d’AC : %1 ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the egress proxy&apos;s CA certificate is larger than a sandbox takes; no user code ran</source>
        <translation>le certificat d’AC du proxy de sortie est plus grand que ce qu’un bac à sable accepte ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the egress proxy %1 (the policy&apos;s allow list)</source>
        <translation>le proxy de sortie : %1 (la liste d’hôtes autorisés de la politique)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the egress proxy %1 (the policy&apos;s allow list and secret rules)</source>
        <translation>le proxy de sortie : %1 (la liste d’hôtes autorisés et les règles de secrets de la politique)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>address-space limit</source>
        <translation>limite d’espace d’adressage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>process limit</source>
        <translation>limite de processus</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>file-size limit</source>
        <translation>limite de taille de fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped working folder</source>
        <translation>dossier de travail plafonné</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network</source>
        <translation>pas de réseau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>private filesystem view</source>
        <translation>vue privée du système de fichiers</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>marker %1 in stdout</source>
        <translation>marqueur %1 dans stdout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>marker %1 in stdout, with the planted secret</source>
        <translation>marqueur %1 dans stdout, avec le secret placé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no %1 in stdout before the harness&apos;s deadline (the tier&apos;s own limits did not end the run)</source>
        <translation>pas de %1 dans stdout avant l’échéance du banc (les limites propres du niveau n’ont pas arrêté l’exécution)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, no %2 in stdout</source>
        <translation>%1, pas de %2 dans stdout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ran until the harness&apos;s deadline: the tier never stopped it</source>
        <translation>a tourné jusqu’à l’échéance du banc : le niveau ne l’a jamais arrêtée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only the wall-clock deadline ended it (control tier, no limits of its own): %1</source>
        <translation>seule l’échéance d’horloge l’a arrêtée (niveau témoin, sans limites propres) : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ended on its own with exit 0 before any limit; an &quot;expect: stopped&quot; attack must run until something stops it</source>
        <translation>s’est terminée d’elle-même avec la sortie 0 avant toute limite ; une attaque « expect: stopped » doit tourner jusqu’à ce que quelque chose l’arrête</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>outlived the run: %1</source>
        <translation>a survécu à l’exécution : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing with the run&apos;s name is alive after the run: it died with the VM</source>
        <translation>rien au nom de l’exécution n’est vivant après elle : tout est mort avec la VM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nothing with the run&apos;s name is alive after the run (%1)</source>
        <translation>rien au nom de l’exécution n’est vivant après elle (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it never held the %1 quota (%2)</source>
        <translation>elle n’a jamais tenu le quota %1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>while it held all it could (%1), Sandbench&apos;s own process on the host (%2) failed: %3</source>
        <translation>pendant qu’elle tenait tout ce qu’elle pouvait (%1), le processus de Sandbench sur l’hôte (%2) a échoué : %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it exhausted the guest&apos;s %1 quota only (%2)</source>
        <translation>elle n’a épuisé que le quota %1 de l’invité (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>while it held all it could (%1), Sandbench&apos;s own process on the host (%2) still could use it</source>
        <translation>pendant qu’elle tenait tout ce qu’elle pouvait (%1), le processus de Sandbench sur l’hôte (%2) pouvait encore s’en servir</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the tier could not set up: %1</source>
        <translation>le niveau n’a pas pu se mettre en place : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled before the attack finished</source>
        <translation>annulée avant la fin de l’attaque</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the attack could not load: %1</source>
        <translation>l’attaque n’a pas pu se charger : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the tier lost track of the program: %1</source>
        <translation>le niveau a perdu la trace du programme : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never started: %1</source>
        <translation>jamais démarrée : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the interpreter could not start (%1)</source>
        <translation>l’interpréteur n’a pas pu démarrer (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the interpreter could not start (%1): %2</source>
        <translation>l’interpréteur n’a pas pu démarrer (%1) : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the program never started (no start sentinel; %1)</source>
        <translation>le programme n’a jamais démarré (pas de sentinelle de départ ; %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the program never started (no start sentinel; %1): %2</source>
        <translation>le programme n’a jamais démarré (pas de sentinelle de départ ; %1) : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reached the guest kernel only (%1); the host&apos;s kernel is behind the hypervisor</source>
        <translation>n’a atteint que le noyau invité (%1) ; le noyau de l’hôte est derrière l’hyperviseur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 [layer inferred: %2, %3]</source>
        <translation>%1 [couche déduite : %2, %3]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 [layer inferred: %2]</source>
        <translation>%1 [couche déduite : %2]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 — expected on this host: %2</source>
        <translation>%1 — attendu sur cet hôte : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the harness failed on this attack: %1</source>
        <translation>le banc a échoué sur cette attaque : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the host&apos;s copy of the planted input changed: %1</source>
        <translation>la copie de l’entrée placée sur l’hôte a changé : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; the host&apos;s copy of the planted input is unchanged</source>
        <translation>%1 ; la copie de l’entrée placée sur l’hôte est inchangée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 came back holding the planted secret</source>
        <translation>l’artefact %1 est revenu avec le secret placé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 came back holding the planted input&apos;s text</source>
        <translation>l’artefact %1 est revenu avec le texte de l’entrée placée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 artifacts of %2 bytes came back, more than the policy&apos;s %3 artifacts and %4 MB</source>
        <translation>%1 artefacts de %2 octets sont revenus, plus que les %3 artefacts et %4 Mo de la politique</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only the harness&apos;s deadline ended the flood: the tier never bounded it</source>
        <translation>seule l’échéance du banc a mis fin au déluge : le niveau ne l’a jamais borné</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>artifact name %1 came back unsanitised: %2</source>
        <translation>le nom d’artefact %1 est revenu non assaini : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 came back typed %2, but its bytes are %3</source>
        <translation>l’artefact %1 est revenu typé %2, mais ses octets sont %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; %2 artifacts came back (%3)</source>
        <translation>%1 ; %2 artefacts sont revenus (%3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no artifact holds the planted secret or input: the artifact collector returned %1 artifacts and followed no link (%2)</source>
        <translation>aucun artefact ne contient le secret ou l’entrée placés : le collecteur d’artefacts a rendu %1 artefacts et n’a suivi aucun lien (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the artifact collector returned %1 artifacts of %2 bytes, within the policy&apos;s caps (%3)</source>
        <translation>le collecteur d’artefacts a rendu %1 artefacts de %2 octets, dans les plafonds de la politique (%3)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the artifact collector returned %1 artifacts, each name one safe component (%2)</source>
        <translation>le collecteur d’artefacts a rendu %1 artefacts, chaque nom un seul composant sûr (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the artifact collector typed %1 artifacts by their bytes (%2)</source>
        <translation>le collecteur d’artefacts a typé %1 artefacts d’après leurs octets (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; the program was refused too: %2</source>
        <translation>%1 ; le programme a aussi été refusé : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing got through before the harness&apos;s deadline (the tier&apos;s own limits did not end the run)</source>
        <translation>rien n’est passé avant l’échéance du banc (les limites propres du niveau n’ont pas terminé l’exécution)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the secret&apos;s real value is in stdout: the program held it</source>
        <translation>la vraie valeur du secret est dans stdout : le programme la détenait</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the secret&apos;s real value is in stderr: the program held it</source>
        <translation>la vraie valeur du secret est dans stderr : le programme la détenait</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact %1 holds the secret&apos;s real value</source>
        <translation>l’artefact %1 contient la vraie valeur du secret</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the harness&apos;s canary DNS server was asked for %1</source>
        <translation>le serveur DNS sentinelle du banc a été interrogé sur %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the harness&apos;s web server received %1, a route the allow list does not have</source>
        <translation>le serveur web du banc a reçu %1, une voie que la liste d’autorisation n’a pas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the secret&apos;s %1 reached %2, not its host %3: %4</source>
        <translation>%1 du secret a atteint %2, et non son hôte %3 : %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>real value</source>
        <translation>la vraie valeur</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>placeholder</source>
        <translation>l’espace réservé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing of this run reached the harness&apos;s web or DNS server before the harness&apos;s deadline (the tier&apos;s own limits did not end the run)</source>
        <translation>rien de cette exécution n’a atteint le serveur web ou DNS du banc avant l’échéance du banc (les limites propres du niveau n’ont pas terminé l’exécution)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing of this run reached the harness&apos;s web or DNS server: the egress proxy %1</source>
        <translation>rien de cette exécution n’a atteint le serveur web ou DNS du banc : le proxy de sortie %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nothing of this run reached the harness&apos;s web or DNS server, and the program held only a placeholder: the egress proxy %1</source>
        <translation>rien de cette exécution n’a atteint le serveur web ou DNS du banc, et le programme ne détenait qu’un espace réservé : le proxy de sortie %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1; nothing of this run reached the harness&apos;s web or DNS server</source>
        <translation>%1 ; rien de cette exécution n’a atteint le serveur web ou DNS du banc</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the allowed host received %1 with the secret&apos;s real value put in: the allow list and the secret work</source>
        <translation>l’hôte autorisé a reçu %1 avec la vraie valeur du secret insérée : la liste d’autorisation et le secret fonctionnent</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the tier&apos;s allow-listed network is broken: %1 reached the allowed host without the secret&apos;s real value</source>
        <translation>le réseau à liste d’autorisation du niveau est cassé : %1 a atteint l’hôte autorisé sans la vraie valeur du secret</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the tier&apos;s allow-listed network is broken: its request never reached the allowed host %1 (%2)</source>
        <translation>le réseau à liste d’autorisation du niveau est cassé : sa requête n’a jamais atteint l’hôte autorisé %1 (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its network could not be set up: %1</source>
        <translation>son réseau n’a pas pu être mis en place : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing dropped</source>
        <translation>rien d’écarté</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dropped %1</source>
        <translation>écarté : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a &apos;/&apos;</source>
        <translation>il contient un « / »</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>it holds a NUL</source>
        <translation>il contient un NUL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is empty, &quot;.&quot; or &quot;..&quot;</source>
        <translation>il est vide, « . » ou « .. »</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is longer than 255 bytes</source>
        <translation>il dépasse 255 octets</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not valid UTF-8</source>
        <translation>il n’est pas de l’UTF-8 valide</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a control character</source>
        <translation>il contient un caractère de contrôle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it holds a bidirectional override</source>
        <translation>il contient un forçage bidirectionnel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>timeout</source>
        <translation>délai</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wall clock</source>
        <translation>horloge murale</translation>
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
        <translation>memory.max (arrêt OOM)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>guest kernel</source>
        <translation>noyau invité</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the VM&apos;s memory</source>
        <translation>la mémoire de la VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmpfs size</source>
        <translation>taille du tmpfs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the working folder&apos;s size cap</source>
        <translation>le plafond de taille du dossier de travail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>output cap</source>
        <translation>plafond de sortie</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bytes kept per stream</source>
        <translation>octets gardés par flux</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seccomp</source>
        <translation>seccomp</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>namespace</source>
        <translation>espace de noms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the VM has no network device</source>
        <translation>la VM n’a pas de périphérique réseau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network</source>
        <translation>réseau</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>landlock</source>
        <translation>Landlock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only filesystem</source>
        <translation>système de fichiers en lecture seule</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host&apos;s files are not in the VM</source>
        <translation>les fichiers de l’hôte ne sont pas dans la VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mount</source>
        <translation>montage</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>harness deadline</source>
        <translation>échéance du banc</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the tier&apos;s own limits did not end the run</source>
        <translation>les limites propres du niveau n’ont pas arrêté l’exécution</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kernel</source>
        <translation>noyau</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kernel quotas</source>
        <translation>quotas du noyau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>artifact collector</source>
        <translation>collecteur d’artefacts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>egress proxy</source>
        <translation>proxy de sortie</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the secret&apos;s real value stays outside the sandbox</source>
        <translation>la vraie valeur du secret reste hors du bac à sable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links not followed</source>
        <translation>liens non suivis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the policy&apos;s artifacts_max and artifacts_mb</source>
        <translation>artifacts_max et artifacts_mb de la politique</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>names sanitised</source>
        <translation>noms assainis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>types sniffed from the bytes</source>
        <translation>types déduits des octets</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>environment</source>
        <translation>environnement</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nosuid mount</source>
        <translation>montage nosuid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>noexec mount</source>
        <translation>montage noexec</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>permissions</source>
        <translation>permissions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no terminal</source>
        <translation>pas de terminal</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unknown</source>
        <translation>inconnue</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the call reached the VM&apos;s own kernel</source>
        <translation>l’appel a atteint le noyau propre à la VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: everything in the sandbox died with its init process</source>
        <translation>PID : tout ce qui était dans le bac à sable est mort avec son processus init</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the VM was killed with everything in it</source>
        <translation>la VM a été tuée avec tout ce qu’elle contenait</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the quota is the VM kernel&apos;s own</source>
        <translation>le quota est celui du noyau de la VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>charged to a host uid of the sandbox&apos;s own, and capped per sandbox</source>
        <translation>imputé à un uid de l’hôte propre au bac à sable, et plafonné par bac à sable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 inside the VM, whose kernel and files are its own</source>
        <translation>%1 dans la VM, dont le noyau et les fichiers sont les siens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host&apos;s kernel refused %1</source>
        <translation>le noyau de l’hôte a refusé %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only the policy&apos;s variables are passed (%1)</source>
        <translation>seules les variables de la politique sont transmises (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: the host&apos;s processes are not visible (%1)</source>
        <translation>PID : les processus de l’hôte ne sont pas visibles (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RLIMIT_AS or cgroup memory (%1)</source>
        <translation>RLIMIT_AS ou mémoire de la cgroup (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RLIMIT_NPROC or cgroup pids.max (%1)</source>
        <translation>RLIMIT_NPROC ou pids.max de la cgroup (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network (%1)</source>
        <translation>réseau (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mount: not in the sandbox&apos;s view (%1)</source>
        <translation>montage : absent de la vue du bac à sable (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: the process is not visible (%1)</source>
        <translation>PID : le processus n’est pas visible (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ptrace access refused: the process is not dumpable or another user&apos;s (%1)</source>
        <translation>accès ptrace refusé : le processus n’est pas dumpable ou appartient à un autre utilisateur (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>or file permissions (%1)</source>
        <translation>ou permissions des fichiers (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sandbox&apos;s unprivileged user may not (%1)</source>
        <translation>l’utilisateur non privilégié du bac à sable n’en a pas le droit (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>or missing capabilities (%1)</source>
        <translation>ou capacités manquantes (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>or the socket family is absent (%1)</source>
        <translation>ou la famille de sockets est absente (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the VM shows its own: %1</source>
        <translation>la VM montre la sienne : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UTS: the sandbox has its own hostname (%1)</source>
        <translation>UTS : le bac à sable a son propre nom d’hôte (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID: the sandbox sees only its own processes (%1)</source>
        <translation>PID : le bac à sable ne voit que ses propres processus (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sandbox shows its own value (%1)</source>
        <translation>le bac à sable montre sa propre valeur (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the attack failed inside the VM</source>
        <translation>l’attaque a échoué dans la VM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the attack failed without saying why</source>
        <translation>l’attaque a échoué sans dire pourquoi</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not running as root</source>
        <translation>ne tourne pas en root</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this kernel has no loadable modules (no /proc/modules)</source>
        <translation>ce noyau n’a pas de modules chargeables (pas de /proc/modules)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No base URL is set for the %1 provider.</source>
        <translation>Aucune URL de base n’est définie pour le fournisseur %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The base URL &quot;%1&quot; must start with http:// or https://.</source>
        <translation>L’URL de base « %1 » doit commencer par http:// ou https://.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No model is set: enter a model name in the agent settings or pass --model.</source>
        <translation>Aucun modèle n’est défini : saisissez un nom de modèle dans les réglages de l’agent ou passez --model.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No API key for %1: set %2 in Sandbench&apos;s environment or enter a key in the agent settings. For a local model server, choose the OpenAI-compatible provider and its base URL (Ollama: http://localhost:11434/v1).</source>
        <translation>Pas de clé d’API pour %1 : définissez %2 dans l’environnement de Sandbench ou saisissez une clé dans les réglages de l’agent. Pour un serveur de modèles local, choisissez le fournisseur compatible OpenAI et son URL de base (Ollama : http://localhost:11434/v1).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>control tier: runs with no isolation, with Sandbench&apos;s own environment</source>
        <translation>niveau témoin : tourne sans isolation, avec l’environnement propre à Sandbench</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>namespaces: user, mount, PID, network, IPC, UTS, cgroup</source>
        <translation>espaces de noms : user, mount, PID, network, IPC, UTS, cgroup</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no per-run memory cgroup: %1, memory bounded per process only (RLIMIT_AS); kernel memory such as socket buffers is not bounded</source>
        <translation>pas de cgroup mémoire par exécution : %1, mémoire bornée par processus seulement (RLIMIT_AS) ; la mémoire du noyau comme les tampons de socket n’est pas bornée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cgroup memory: each run in memory, pids and CPU cgroups of its own (cgroup v%1, in %2): memory_mb for all its processes together, kernel memory and Unix socket buffers included</source>
        <translation>mémoire cgroup : chaque exécution dans ses propres cgroups memory, pids et CPU (cgroup v%1, dans %2) : memory_mb pour tous ses processus ensemble, mémoire du noyau et tampons de sockets Unix compris</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cgroup memory: each run in memory, pids cgroups of its own (cgroup v%1, in %2): memory_mb for all its processes together, kernel memory and Unix socket buffers included</source>
        <translation>mémoire cgroup : chaque exécution dans ses propres cgroups memory et pids (cgroup v%1, dans %2) : memory_mb pour tous ses processus ensemble, mémoire du noyau et tampons de sockets Unix compris</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TCP buffers on v1&apos;s separate counter, capped at a quarter of memory_mb</source>
        <translation>tampons TCP sur le compteur séparé de v1, plafonnés au quart de memory_mb</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCP buffers not counted (this kernel has no memory.kmem.tcp)</source>
        <translation>tampons TCP non comptés (ce noyau n’a pas memory.kmem.tcp)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no swap</source>
        <translation>pas de swap</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>swap not accounted here (no memory.memsw), so not limited</source>
        <translation>swap non comptabilisé ici (pas de memory.memsw), donc non limité</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no CPU quota (no cpu controller)</source>
        <translation>pas de quota CPU (pas de contrôleur cpu)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seccomp: allow list, everything else denied and reported to the supervisor</source>
        <translation>seccomp : liste d’autorisation, tout le reste refusé et signalé au superviseur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seccomp: allow list, everything else denied (no user notification on this kernel: denials are silent)</source>
        <translation>seccomp : liste d’autorisation, tout le reste refusé (pas de notification utilisateur sur ce noyau : les refus sont silencieux)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Landlock ABI %1: second filesystem layer on</source>
        <translation>Landlock ABI %1 : deuxième couche de système de fichiers active</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Landlock unavailable on this kernel: second filesystem layer off (the mount namespace still hides host files)</source>
        <translation>Landlock indisponible sur ce noyau : deuxième couche de système de fichiers inactive (l’espace de noms de montage cache toujours les fichiers de l’hôte)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>each run has a host uid of its own (%1–%2), uid 1000 inside; the zygote runs as %3, never as root</source>
        <translation>chaque exécution a son propre uid sur l’hôte (%1–%2), uid 1000 à l’intérieur ; le zygote tourne en %3, jamais en root</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>runs as your uid on the host, uid 1000 inside, with no capability; all runs share your uid&apos;s pipe-buffer and in-flight-descriptor quotas (separate uids need root)</source>
        <translation>tourne sous votre uid sur l’hôte, uid 1000 à l’intérieur, sans capacité ; toutes les exécutions partagent les quotas de tampons de tubes et de descripteurs en transit de votre uid (des uid séparés exigent root)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>per-sandbox quotas: %1</source>
        <translation>quotas par bac à sable : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2 pending signals, no message queues, 256 descriptors</source>
        <translation>%1, %2 signaux en attente, pas de files de messages, 256 descripteurs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 inotify instances, %2 inotify watches, %3 fanotify groups, %4 fanotify marks, %5 pending signals, no message queues, 256 descriptors</source>
        <translation>%1 instances inotify, %2 surveillances inotify, %3 groupes fanotify, %4 marques fanotify, %5 signaux en attente, pas de files de messages, 256 descripteurs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>/proc: the sandbox&apos;s own processes only (subset=pid), no host meminfo, cpuinfo or sys</source>
        <translation>/proc : seulement les processus du bac à sable (subset=pid), ni meminfo, ni cpuinfo, ni sys de l’hôte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>/proc: this kernel refused a /proc limited to processes (subset=pid, Linux 5.8+), so each run mounts a full one: the sandbox&apos;s processes still, but also the host&apos;s meminfo, cpuinfo and the readable parts of /proc/sys</source>
        <translation>/proc : ce noyau a refusé un /proc limité aux processus (subset=pid, Linux 5.8+), donc chaque exécution en monte un complet : toujours les processus du bac à sable, mais aussi meminfo, cpuinfo et les parties lisibles de /proc/sys de l’hôte</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>image %1</source>
        <translation>image %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (from the image&apos;s label)</source>
        <translation>%1 (d’après l’étiquette de l’image)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (from the guest image&apos;s manifest)</source>
        <translation>%1 (d’après le manifeste de l’image invitée)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>image %1 does not say its Python packages (it has no %2 label: not made by scripts/build-container-image.sh)</source>
        <translation>l’image %1 ne dit pas ses paquets Python (elle n’a pas d’étiquette %2 : pas construite par scripts/build-container-image.sh)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sandbench&apos;s seccomp profile in place of the engine&apos;s default</source>
        <translation>le profil seccomp de Sandbench à la place de celui du moteur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warm pool of %1</source>
        <translation>réserve de %1 bacs à sable chauds</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>socket buffers: TCP&apos;s are not counted by --memory on this cgroup v1 host (no engine flag sets memory.kmem.tcp.limit_in_bytes); Unix socket buffers are</source>
        <translation>tampons de socket : ceux de TCP ne sont pas comptés par --memory sur cet hôte cgroup v1 (aucune option du moteur ne règle memory.kmem.tcp.limit_in_bytes) ; ceux des sockets Unix le sont</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>shares the host kernel</source>
        <translation>partage le noyau de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accelerator: %1</source>
        <translation>accélérateur : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QEMU %1, guest %2</source>
        <translation>QEMU %1, invité %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>own guest kernel</source>
        <translation>noyau invité propre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QEMU jailed: own mount, PID, network, IPC and UTS namespaces, a root of /usr and its devices only; uid %1, no capabilities, QEMU&apos;s own seccomp filter</source>
        <translation>QEMU enfermé : ses propres espaces de noms mount, PID, réseau, IPC et UTS, une racine réduite à /usr et ses périphériques ; uid %1, aucune capacité, le filtre seccomp propre à QEMU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>QEMU jailed: own mount, PID, network, IPC and UTS namespaces (in a user namespace of your uid), a root of /usr and its devices only; no capabilities, QEMU&apos;s own seccomp filter</source>
        <translation>QEMU enfermé : ses propres espaces de noms mount, PID, réseau, IPC et UTS (dans un espace de noms utilisateur de votre uid), une racine réduite à /usr et ses périphériques ; aucune capacité, le filtre seccomp propre à QEMU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TCG emulation: %1</source>
        <translation>émulation TCG : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KVM cannot run guests here, a few seconds a run</source>
        <translation>KVM ne peut pas exécuter d’invités ici, quelques secondes par exécution</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KVM (a trial guest booted under it)</source>
        <translation>KVM (un invité d’essai a démarré dessous)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCG emulation (chosen in the settings)</source>
        <translation>émulation TCG (choisie dans les réglages)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KVM (chosen in the settings)</source>
        <translation>KVM (choisi dans les réglages)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>/dev/kvm runs a test guest, but a Linux guest did not boot under KVM (%1)</source>
        <translation>/dev/kvm exécute un invité de test, mais un invité Linux n’a pas démarré sous KVM (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>template %1 via %2</source>
        <translation>modèle %1 via %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sandbox requests go to %1 (E2B_SANDBOX_URL)</source>
        <translation>les requêtes de bac à sable vont à %1 (E2B_SANDBOX_URL)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>own kernel: a Firecracker microVM on E2B&apos;s hosts</source>
        <translation>noyau propre : une microVM Firecracker sur les hôtes d’E2B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>billed by E2B for every run; the key was not checked online</source>
        <translation>facturé par E2B à chaque exécution ; la clé n’a pas été vérifiée en ligne</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QEMU is not installed: install it with `sudo apt install qemu-system-x86`</source>
        <translation>QEMU n’est pas installé : installez-le avec `sudo apt install qemu-system-x86`</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QEMU is not installed: install it with `sudo apt install qemu-system-x86` (or fix SANDBENCH_QEMU=%1)</source>
        <translation>QEMU n’est pas installé : installez-le avec `sudo apt install qemu-system-x86` (ou corrigez SANDBENCH_QEMU=%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the guest image is missing from %1: run scripts/build-guest-image.sh</source>
        <translation>l’image invitée manque dans %1 : lancez scripts/build-guest-image.sh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest image is missing from %1: run scripts/build-guest-image.sh --output %2</source>
        <translation>l’image invitée manque dans %1 : lancez scripts/build-guest-image.sh --output %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>util-linux&apos;s setpriv and prlimit are not on PATH, and the microVM tier does not start QEMU without them: install util-linux (sudo apt install util-linux)</source>
        <translation>setpriv et prlimit d’util-linux ne sont pas dans le PATH, et le niveau microVM ne démarre pas QEMU sans eux : installez util-linux (sudo apt install util-linux)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KVM was chosen but is not usable: %1; choose tcg or auto</source>
        <translation>KVM a été choisi mais n’est pas utilisable : %1 ; choisissez tcg ou auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown accelerator &quot;%1&quot;: choose kvm, tcg or auto</source>
        <translation>accélérateur inconnu « %1 » : choisissez kvm, tcg ou auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown gVisor platform &quot;%1&quot;: choose auto, kvm, systrap or ptrace</source>
        <translation>plateforme gVisor inconnue « %1 » : choisissez auto, kvm, systrap ou ptrace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this runsc (%1) has no %2 platform: choose auto or one of its own</source>
        <translation>ce runsc (%1) n’a pas de plateforme %2 : choisissez auto ou l’une des siennes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the gVisor platform %1 was chosen but does not start here (%2): choose auto or another platform</source>
        <translation>la plateforme gVisor %1 a été choisie mais ne démarre pas ici (%2) : choisissez auto ou une autre plateforme</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the gVisor platform %1 does not start here (%2)</source>
        <translation>la plateforme gVisor %1 ne démarre pas ici (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this runsc offers no platform Sandbench can use</source>
        <translation>ce runsc n’offre aucune plateforme que Sandbench puisse utiliser</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SANDBENCH_RUNSC names %1, which is not an executable runsc: unset it, or install runsc with scripts/setup-gvisor-tier.sh</source>
        <translation>SANDBENCH_RUNSC désigne %1, qui n’est pas un runsc exécutable : retirez la variable, ou installez runsc avec scripts/setup-gvisor-tier.sh</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gVisor&apos;s runsc is not installed: run scripts/setup-gvisor-tier.sh (it installs Debian&apos;s runsc package and registers it with Docker), or sudo apt install runsc</source>
        <translation>runsc de gVisor n’est pas installé : lancez scripts/setup-gvisor-tier.sh (il installe le paquet runsc de Debian et l’enregistre auprès de Docker), ou sudo apt install runsc</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 does not answer (`runsc --version`: %2): reinstall it (sudo apt install --reinstall runsc)</source>
        <translation>%1 ne répond pas (`runsc --version` : %2) : réinstallez-le (sudo apt install --reinstall runsc)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Docker has no %1 runtime registered: run scripts/setup-gvisor-tier.sh, which registers runsc with Docker, or choose the podman engine</source>
        <translation>Docker n’a pas de runtime %1 enregistré : lancez scripts/setup-gvisor-tier.sh, qui enregistre runsc auprès de Docker, ou choisissez le moteur podman</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Docker has no %1 runtime registered (docker info: %2): run scripts/setup-gvisor-tier.sh, which registers runsc with Docker, or choose the podman engine</source>
        <translation>Docker n’a pas de runtime %1 enregistré (docker info : %2) : lancez scripts/setup-gvisor-tier.sh, qui enregistre runsc auprès de Docker, ou choisissez le moteur podman</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker has no %1 runtime registered, which a network allow list needs on the gVisor tier: run scripts/setup-gvisor-tier.sh again, which registers it, or choose the podman engine; no user code ran</source>
        <translation>Docker n’a pas de runtime %1 enregistré, dont une liste d’autorisation réseau a besoin sur le niveau gVisor : relancez scripts/setup-gvisor-tier.sh, qui l’enregistre, ou choisissez le moteur podman ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker has no %1 runtime registered, which a network allow list needs on the gVisor tier (docker info: %2): run scripts/setup-gvisor-tier.sh again, which registers it, or choose the podman engine; no user code ran</source>
        <translation>Docker n’a pas de runtime %1 enregistré, dont une liste d’autorisation réseau a besoin sur le niveau gVisor (docker info : %2) : relancez scripts/setup-gvisor-tier.sh, qui l’enregistre, ou choisissez le moteur podman ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot give the container its way to the egress proxy: %1; no user code ran</source>
        <translation>impossible de donner au conteneur son chemin vers le proxy de sortie : %1 ; aucun code utilisateur n’a été exécuté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Podman is installed but cannot run containers here: check `podman info`, or choose the docker engine</source>
        <translation>Podman est installé mais ne peut pas exécuter de conteneurs ici : vérifiez `podman info`, ou choisissez le moteur docker</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Docker is running but this user may not use it: add yourself to the docker group (sudo usermod -aG docker $USER, then log in again), or use Podman</source>
        <translation>Docker tourne mais cet utilisateur ne peut pas s’en servir : ajoutez-vous au groupe docker (sudo usermod -aG docker $USER, puis reconnectez-vous), ou utilisez Podman</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker is installed but its daemon is not running: start it with `sudo systemctl start docker` (or `sudo scripts/start-container-engines.sh` on a machine without systemd), or set DOCKER_HOST to a running engine</source>
        <translation>Docker est installé mais son démon ne tourne pas : démarrez-le avec `sudo systemctl start docker` (ou `sudo scripts/start-container-engines.sh` sur une machine sans systemd), ou pointez DOCKER_HOST vers un moteur qui tourne</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Docker is installed but its engine does not answer: check `docker version`, or set DOCKER_HOST to a running engine</source>
        <translation>Docker est installé mais son moteur ne répond pas : vérifiez `docker version`, ou pointez DOCKER_HOST vers un moteur qui tourne</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the docker CLI is not installed: install Docker (sudo apt install docker.io), or choose the podman engine</source>
        <translation>la CLI docker n’est pas installée : installez Docker (sudo apt install docker.io), ou choisissez le moteur podman</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the podman CLI is not installed: install Podman (sudo apt install podman runc), or choose the docker engine</source>
        <translation>la CLI podman n’est pas installée : installez Podman (sudo apt install podman runc), ou choisissez le moteur docker</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown container engine &quot;%1&quot;: choose docker, podman or auto</source>
        <translation>moteur de conteneurs inconnu « %1 » : choisissez docker, podman ou auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no container engine is installed: install Docker (sudo apt install docker.io) or Podman (sudo apt install podman runc)</source>
        <translation>aucun moteur de conteneurs n’est installé : installez Docker (sudo apt install docker.io) ou Podman (sudo apt install podman runc)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the %1 engine did not answer whether image %2 exists</source>
        <translation>le moteur %1 n’a pas répondu sur l’existence de l’image %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>image %1 not found in %2: run scripts/build-container-image.sh --engine %3</source>
        <translation>image %1 introuvable dans %2 : lancez scripts/build-container-image.sh --engine %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no E2B API key: set E2B_API_KEY (get one at https://e2b.dev/dashboard)</source>
        <translation>pas de clé d’API E2B : définissez E2B_API_KEY (obtenez-en une sur https://e2b.dev/dashboard)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the e2b tier runs programs in its sandbox&apos;s Python kernel and cannot use the interpreter &quot;%1&quot;</source>
        <translation>le niveau e2b exécute les programmes dans le noyau Python de son bac à sable et ne peut pas utiliser l’interpréteur « %1 »</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1. The subprocess tier will not run without its seccomp filter.</source>
        <translation>%1. Le niveau subprocess ne s’exécute pas sans son filtre seccomp.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot reserve host uids for the sandboxes: %1. The subprocess tier will not run its sandboxes under a shared uid.</source>
        <translation>impossible de réserver des uid hôtes pour les bacs à sable : %1. Le niveau subprocess n’exécute pas ses bacs à sable sous un uid partagé.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1. The subprocess tier will not run without it.</source>
        <translation>%1. Le niveau subprocess ne s’exécute pas sans cela.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gVisor runsc %1 (%2), platform %3</source>
        <translation>gVisor runsc %1 (%2), plateforme %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the program&apos;s system calls reach gVisor&apos;s Sentry, which shows its own kernel (4.4.0), memory and CPU count; the Sentry runs on the host kernel under runsc&apos;s seccomp filter, and a gofer process mediates its file access</source>
        <translation>les appels système du programme atteignent la Sentry de gVisor, qui montre son propre noyau (4.4.0), sa mémoire et son nombre de CPU ; la Sentry tourne sur le noyau de l’hôte sous le filtre seccomp de runsc, et un processus gofer arbitre ses accès aux fichiers</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not kvm: %1</source>
        <translation>pas kvm : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a trial sandbox did not start within %1 s</source>
        <translation>un bac à sable d’essai n’a pas démarré en %1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kvm (a trial sandbox ran under it)</source>
        <translation>kvm (un bac à sable d’essai a tourné dessous)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (chosen in the settings)</source>
        <translation>%1 (choisie dans les réglages)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the host&apos;s memory cgroup around the whole gVisor sandbox (--memory, no swap)</source>
        <translation>la cgroup mémoire de l’hôte autour de tout le bac à sable gVisor (--memory, sans swap)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RLIMIT_NPROC in the gVisor Sentry (--ulimit nproc)</source>
        <translation>RLIMIT_NPROC dans la Sentry gVisor (--ulimit nproc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file-size rlimit in the gVisor Sentry (--ulimit fsize)</source>
        <translation>rlimit de taille de fichier dans la Sentry gVisor (--ulimit fsize)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>size-capped tmpfs /tmp in the gVisor Sentry (--tmpfs size)</source>
        <translation>tmpfs /tmp plafonné dans la Sentry gVisor (--tmpfs size)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the gVisor Sentry&apos;s own network stack on the engine&apos;s default network</source>
        <translation>la pile réseau propre à la Sentry gVisor sur le réseau par défaut du moteur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network in the gVisor Sentry (runsc --network=none)</source>
        <translation>pas de réseau dans la Sentry gVisor (runsc --network=none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no network in the gVisor Sentry (runsc --network=none): its one way out is the egress proxy, through a host socket bound in (runsc --host-uds=open)</source>
        <translation>pas de réseau dans la Sentry gVisor (runsc --network=none) : sa seule sortie est le proxy de sortie, par un socket de l’hôte monté à l’intérieur (runsc --host-uds=open)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>read-only container root (--read-only) served through gVisor&apos;s gofer, no host folder</source>
        <translation>racine du conteneur en lecture seule (--read-only) servie par le gofer de gVisor, aucun dossier de l’hôte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by SIGKILL: the host&apos;s memory cgroup (--memory %1 MB, no swap) was full and its OOM killer ended the whole gVisor sandbox (the engine reported status 137 and the waiter never reported)</source>
        <translation>tuée par SIGKILL : la cgroup mémoire de l’hôte (--memory %1 Mo, sans swap) était pleine et son tueur OOM a arrêté tout le bac à sable gVisor (le moteur a rapporté le statut 137 et le veilleur n’a jamais rapporté)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it exhausted the gVisor Sentry&apos;s %1 quota only (%2)</source>
        <translation>elle n’a épuisé que le quota %1 de la Sentry gVisor (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gVisor Sentry</source>
        <translation>Sentry gVisor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the quota is the Sentry&apos;s own, not the host kernel&apos;s</source>
        <translation>le quota est celui de la Sentry, pas du noyau de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reached the gVisor Sentry only (%1); the host&apos;s kernel sees only the Sentry&apos;s own, filtered calls</source>
        <translation>n’a atteint que la Sentry gVisor (%1) ; le noyau de l’hôte ne voit que les appels propres et filtrés de la Sentry</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the call reached the Sentry&apos;s own implementation</source>
        <translation>l’appel a atteint l’implémentation propre à la Sentry</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the Sentry does not implement it, or seccomp (%1)</source>
        <translation>la Sentry ne l’implémente pas, ou seccomp (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the Sentry shows its own: %1</source>
        <translation>la Sentry montre la sienne : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled before the program started</source>
        <translation>annulée avant le démarrage du programme</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>timeout %1 s, memory %2 MB, %3 processes, %4 CPU, files %5 MB, network %6</source>
        <translation>délai %1 s, mémoire %2 Mo, %3 processus, %4 CPU, fichiers %5 Mo, réseau %6</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>timeout %1 s, memory %2 MB, %3 processes, %4 CPUs, files %5 MB, network %6</source>
        <translation>délai %1 s, mémoire %2 Mo, %3 processus, %4 CPU, fichiers %5 Mo, réseau %6</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on</source>
        <translation>activé</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>désactivé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>write: EROFS, read-only filesystem (%1)</source>
        <translation>write : EROFS, système de fichiers en lecture seule (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only mount</source>
        <translation>montage en lecture seule</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the guest&apos;s files are read-only</source>
        <translation>les fichiers de l’invité sont en lecture seule</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a read-only folder of the guest&apos;s own root filesystem</source>
        <translation>un dossier en lecture seule du système de fichiers racine propre à l’invité</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the sandbox&apos;s minimal view is mounted read-only</source>
        <translation>la vue minimale du bac à sable est montée en lecture seule</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only container root (--read-only)</source>
        <translation>racine du conteneur en lecture seule (--read-only)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>private mount namespace: a minimal view of the host&apos;s files</source>
        <translation>espace de noms de montage privé : une vue minimale des fichiers de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the container&apos;s own mount namespace, no host folder mounted</source>
        <translation>l’espace de noms de montage propre au conteneur, aucun dossier de l’hôte monté</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the container&apos;s own mount namespace, served through gVisor&apos;s gofer, no host folder</source>
        <translation>l’espace de noms de montage propre au conteneur, servi par le gofer de gVisor, aucun dossier de l’hôte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only container root (--read-only), served through gVisor&apos;s gofer</source>
        <translation>racine du conteneur en lecture seule (--read-only), servie par le gofer de gVisor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E2B&apos;s default network</source>
        <translation>le réseau par défaut d’E2B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E2B&apos;s egress block (allow_internet_access false)</source>
        <translation>le blocage sortant d’E2B (allow_internet_access false)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot read the transcript %1: %2</source>
        <translation>impossible de lire la transcription %1 : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not JSON: %2</source>
        <translation>%1 n’est pas du JSON : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a Sandbench agent transcript (its &quot;format&quot; is not &quot;sandbench-agent-transcript&quot;)</source>
        <translation>%1 n’est pas une transcription d’agent Sandbench (son « format » n’est pas « sandbench-agent-transcript »)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: a run&apos;s result is malformed: %2</source>
        <translation>%1 : le résultat d’une exécution est mal formé : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: its policy is malformed: %2</source>
        <translation>%1 : sa politique est mal formée : %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not a complete transcript: %2</source>
        <translation>%1 n’est pas une transcription complète : %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1; %2</source>
        <translation>%1 ; %2</translation>
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
        <translation>aucun</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>timeout</source>
        <translation>délai</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPU limit</source>
        <translation>limite CPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory limit</source>
        <translation>limite de mémoire</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>process limit</source>
        <translation>limite de processus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file size limit</source>
        <translation>limite de taille de fichier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>disk limit</source>
        <translation>limite de disque</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output cap</source>
        <translation>plafond de sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>seccomp</source>
        <translation>seccomp</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no network</source>
        <translation>pas de réseau</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>file hidden</source>
        <translation>fichier caché</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only filesystem</source>
        <translation>système de fichiers en lecture seule</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>setup failed</source>
        <translation>mise en place échouée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cancelled</source>
        <translation>annulée</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>exit %1 in %2 s</source>
        <translation>sortie %1 en %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by %1 in %2 s</source>
        <translation>tuée par %1 en %2 s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no exit status in %1 s</source>
        <translation>pas de statut de sortie en %1 s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>did not run in %1 s</source>
        <translation>non exécutée (%1 s)</translation>
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
        <translation> — %1 : %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>1 CPU</source>
        <translation>1 CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 CPUs</source>
        <translation>%1 CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 process</source>
        <translation>1 processus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 processes</source>
        <translation>%1 processus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timeout %1 s, memory %2 MB, %3, %4, files %5 MB, network %6</source>
        <translation>délai %1 s, mémoire %2 Mo, %3, %4, fichiers %5 Mo, réseau %6</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>on</source>
        <translation>activé</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>désactivé</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, 1 input at /data</source>
        <translation>, 1 entrée dans /data</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, %1 inputs at /data</source>
        <translation>, %1 entrées dans /data</translation>
    </message>
</context>
<context>
    <name>ExamplePrograms</name>
    <message>
        <location filename="../gui/example_programs.cpp" line="+7"/>
        <source>Hello from the sandbox</source>
        <translation>Bonjour depuis le bac à sable</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Statistics of the first 1,000 squares</source>
        <translation>Statistiques des 1 000 premiers carrés</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Live output, one line a second</source>
        <translation>Sortie en direct, une ligne par seconde</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What can I see? (files, processes, network)</source>
        <translation>Que puis-je voir ? (fichiers, processus, réseau)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Fork flood (bounded: 200 sleepers)</source>
        <translation>Déluge de fork (borné : 200 dormeurs)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>CPU loop (Stop or the timeout ends it)</source>
        <translation>Boucle CPU (Arrêter ou le délai y met fin)</translation>
    </message>
</context>
<context>
    <name>InputFilesList</name>
    <message>
        <location filename="../gui/input_files_list.cpp" line="+17"/>
        <source>Add files…</source>
        <translation>Ajouter des fichiers…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add folder…</source>
        <translation>Ajouter un dossier…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Files and folders the program may read, read-only, at /data/&lt;name&gt;. Drop files here or on the agent chat.</source>
        <translation>Fichiers et dossiers que le programme peut lire, en lecture seule, dans /data/&lt;nom&gt;. Déposez des fichiers ici ou sur le chat de l’agent.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Input files for the program</source>
        <translation>Fichiers d’entrée du programme</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An input folder for the program</source>
        <translation>Un dossier d’entrée pour le programme</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>No input files: drop files here</source>
        <translation>Aucun fichier d’entrée : déposez des fichiers ici</translation>
    </message>
</context>
<context>
    <name>LabCharts</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="+680"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
</context>
<context>
    <name>LabPolicyBar</name>
    <message>
        <location filename="../gui/lab_policy_bar.cpp" line="+29"/>
        <source>Edit…</source>
        <translation>Modifier…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the Workbench&apos;s</source>
        <translation>celle de l’atelier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set for the lab</source>
        <translation>propre au labo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the lab under the policy of the Workbench tab&apos;s Tier and policy pane, or under one of its own</source>
        <translation>Exécuter le labo sous la politique du panneau Niveau et politique de l’atelier, ou sous une politique propre</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Edit the lab&apos;s own policy</source>
        <translation>Modifier la politique propre au labo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Policy:</source>
        <translation>Politique :</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>The lab&apos;s policy</source>
        <translation>La politique du labo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>As a policy file holds it (sandbench-cli run --policy):</source>
        <translation>Telle qu’un fichier de politique la contient (sandbench-cli run --policy) :</translation>
    </message>
</context>
<context>
    <name>LabPresentation</name>
    <message>
        <location filename="../gui/presentation_mode.cpp" line="+58"/>
        <source>&amp;Presentation Mode</source>
        <translation>Mode &amp;présentation</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;avant</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;Out</source>
        <translation>Zoom a&amp;rrière</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Réinitialiser le zoom</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the Attack Lab for a projector: larger text, the whole suite on one screen, cells wide enough for the layer</source>
        <translation>Afficher le laboratoire d’attaques pour un projecteur : texte plus grand, toute la suite sur un écran, cellules assez larges pour la couche</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Make the Attack Lab&apos;s text larger</source>
        <translation>Agrandir le texte du laboratoire d’attaques</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make the Attack Lab&apos;s text smaller</source>
        <translation>Réduire le texte du laboratoire d’attaques</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give the Attack Lab&apos;s text its default size again</source>
        <translation>Rendre au texte du laboratoire d’attaques sa taille par défaut</translation>
    </message>
</context>
<context>
    <name>LabTierList</name>
    <message>
        <location filename="../gui/lab_tier_list.cpp" line="+11"/>
        <source>Tiers</source>
        <translation>Niveaux</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (control, no isolation)</source>
        <translation>%1 (témoin, sans isolation)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+47"/>
        <source>Checking whether this tier can run here…</source>
        <translation>Vérification de la disponibilité de ce niveau ici…</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>No isolation at all: the control that shows each attack really works</source>
        <translation>Aucune isolation : le témoin qui montre que chaque attaque fonctionne vraiment</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Billed for every run, so not ticked until you tick it: a suite starts one sandbox per attack</source>
        <translation>Facturé à chaque exécution, donc coché seulement si vous le cochez : une suite démarre un bac à sable par attaque</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="-324"/>
        <source>warm</source>
        <translation>à chaud</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cold</source>
        <translation>à froid</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Press Bench to measure each checked tier&apos;s start-up latency</source>
        <translation>Appuyez sur « Mesurer » pour mesurer la latence de démarrage de chaque niveau coché</translation>
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
        <translation>référence p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reference p95</source>
        <translation>référence p95</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+67"/>
        <source>ms (log scale)</source>
        <translation>ms (échelle log)</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>p50 %1 ms, p95 %2 ms</source>
        <translation>p50 %1 ms, p95 %2 ms</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: p50 %2 ms, p95 %3 ms</source>
        <translation>%1 : p50 %2 ms, p95 %3 ms</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Start-up latency: print(1)</source>
        <translation>Latence de démarrage : print(1)</translation>
    </message>
    <message>
        <source>tier p50</source>
        <translation type="vanished">niveau p50</translation>
    </message>
    <message>
        <source>p50 @yPoint</source>
        <translation type="vanished">p50 @yPoint</translation>
    </message>
    <message>
        <source>tier p95</source>
        <translation type="vanished">niveau p95</translation>
    </message>
    <message>
        <source>p95 @yPoint</source>
        <translation type="vanished">p95 @yPoint</translation>
    </message>
    <message>
        <source>own reference p50</source>
        <translation type="vanished">référence propre p50</translation>
    </message>
    <message>
        <source>own reference p95</source>
        <translation type="vanished">référence propre p95</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Start-up latency: print(1), each tier against its own reference</source>
        <translation>Latence de démarrage : print(1), chaque niveau face à sa propre référence</translation>
    </message>
    <message>
        <source>Milliseconds (log scale)</source>
        <translation type="vanished">Millisecondes (échelle log)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1 · %2
vs %3</source>
        <translation>%1 · %2
face à %3</translation>
    </message>
    <message>
        <source>Start-up latency: print(1), cold</source>
        <translation type="vanished">Latence de démarrage : print(1), à froid</translation>
    </message>
    <message>
        <source>min · p25 · p50 · p75 · max</source>
        <translation type="vanished">min · p25 · p50 · p75 · max</translation>
    </message>
    <message>
        <source>Milliseconds</source>
        <translation type="vanished">Millisecondes</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>bare python3</source>
        <translation>python3 seul</translation>
    </message>
</context>
<context>
    <name>LatencyTable</name>
    <message>
        <location line="+129"/>
        <source>Column</source>
        <translation>Colonne</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>print(1), milliseconds</source>
        <translation>print(1), millisecondes</translation>
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
        <translation>Atelier</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attack Lab</source>
        <translation>Laboratoire d&apos;attaques</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Finished: %1</source>
        <translation>Terminé : %1</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>The tiers are still being checked; send again in a moment</source>
        <translation>Les niveaux sont encore en cours de vérification ; renvoyez dans un instant</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The agent&apos;s program is running on %1…</source>
        <translation>Le programme de l’agent s’exécute sur %1…</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The agent&apos;s code is in the editor (Ctrl+Z brings back what was there); run it with Ctrl+Return on any tier</source>
        <translation>Le code de l’agent est dans l’éditeur (Ctrl+Z rétablit ce qui s’y trouvait) ; exécutez-le avec Ctrl+Entrée sur n’importe quel niveau</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Double-click a run to put its code and output back</source>
        <translation>Double-cliquez sur une exécution pour retrouver son code et sa sortie</translation>
    </message>
    <message>
        <location line="-132"/>
        <source>Checking the %1 tier…</source>
        <translation>Vérification du niveau %1…</translation>
    </message>
    <message>
        <location line="-137"/>
        <source>Runs on the tier chosen on the right, under its policy.</source>
        <translation>S’exécute sur le niveau choisi à droite, sous sa politique.</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>The %1 tier is ready</source>
        <translation>Le niveau %1 est prêt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The %1 tier cannot run here: %2</source>
        <translation>Le niveau %1 ne peut pas s’exécuter ici : %2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Choose a tier that can run here in Tier and policy</source>
        <translation>Choisissez dans « Niveau et politique » un niveau utilisable ici</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The %1 tier has no isolation at all: the model&apos;s programs never run on it. Choose another tier in Tier and policy</source>
        <translation>Le niveau %1 n’a aucune isolation : les programmes du modèle n’y sont jamais exécutés. Choisissez un autre niveau dans « Niveau et politique »</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>Code editor</source>
        <translation>Éditeur de code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier and policy</source>
        <translation>Niveau et politique</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output</source>
        <translation>Sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agent chat</source>
        <translation>Discussion avec l&apos;agent</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a Python file in the editor</source>
        <translation>Ouvrir un fichier Python dans l&apos;éditeur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the editor&apos;s program</source>
        <translation>Enregistrer le programme de l&apos;éditeur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save &amp;As…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Export History…</source>
        <translation>E&amp;xporter l&apos;historique…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save every remembered run (code, tier, policy, result) as JSON</source>
        <translation>Enregistrer toutes les exécutions mémorisées (code, niveau, politique, résultat) en JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Examples</source>
        <translation>E&amp;xemples</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Loaded an example; run it with Ctrl+Return</source>
        <translation>Exemple chargé ; exécutez-le avec Ctrl+Entrée</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Agent &amp;tasks</source>
        <translation>&amp;Tâches de l’agent</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+2"/>
        <source>&amp;Run</source>
        <translation>&amp;Exécuter</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+157"/>
        <source>Run the editor&apos;s program on the chosen tier</source>
        <translation>Exécuter le programme de l&apos;éditeur sur le niveau choisi</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stop the running program; the tier kills everything it started</source>
        <translation>Arrêter le programme en cours ; le niveau tue tout ce qu&apos;il a lancé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run on &amp;All Tiers…</source>
        <translation>Exécuter sur &amp;tous les niveaux…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the editor&apos;s program on every tier that can run here, side by side, and show where the results differ (the host control only when ticked)</source>
        <translation>Exécuter le programme de l’éditeur sur chaque niveau utilisable ici, côte à côte, et montrer où les résultats diffèrent (le témoin hôte seulement s’il est coché)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replay Saved Agent Session on &amp;Tier…</source>
        <translation>Rejouer une session d’agent enregistrée sur un &amp;niveau…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay an agent session</source>
        <translation>Rejouer une session d’agent</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transcripts (*.json);;All files (*)</source>
        <translation>Transcriptions (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run every program of a saved agent session again on another tier, without the model, and show call by call where the results differ</source>
        <translation>Réexécuter chaque programme d’une session d’agent enregistrée sur un autre niveau, sans le modèle, et montrer appel par appel où les résultats diffèrent</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restore &amp;Default Layout</source>
        <translation>Rétablir la &amp;disposition par défaut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every pane back where it started</source>
        <translation>Remettre chaque panneau à sa place d&apos;origine</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Sandbench</source>
        <translation>À &amp;propos de Sandbench</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About Sandbench</source>
        <translation>À propos de Sandbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Sandbench %1&lt;/b&gt;&lt;p&gt;Run untrusted, AI-written Python on interchangeable isolation tiers and see what each lets through.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Sandbench %1&lt;/b&gt;&lt;p&gt;Exécutez du Python non fiable, écrit par une IA, sur des niveaux d&apos;isolation interchangeables et voyez ce que chacun laisse passer.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run</source>
        <translation>Exécution</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Cannot replay this session</source>
        <translation>Impossible de rejouer cette session</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Checking which tiers this machine can run…</source>
        <translation>Vérification des niveaux utilisables sur cette machine…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a tier that can run here</source>
        <translation>Choisissez un niveau utilisable ici</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Running on %1…</source>
        <translation>Exécution sur %1…</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+9"/>
        <source>Checking tiers…</source>
        <translation>Vérification des niveaux…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>No tier can run here</source>
        <translation>Aucun niveau ne peut s’exécuter ici</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tier: %1 · running</source>
        <translation>Niveau : %1 · en cours</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier: %1 · ready</source>
        <translation>Niveau : %1 · prêt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>These settings can be changed when no run is going on</source>
        <translation>Ces réglages peuvent être modifiés quand aucune exécution n’est en cours</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open Python program</source>
        <translation>Ouvrir un programme Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python (*.py);;All files (*)</source>
        <translation>Python (*.py);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open</source>
        <translation>Ouverture impossible</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opened %1</source>
        <translation>%1 ouvert</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save Python program</source>
        <translation>Enregistrer le programme Python</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save</source>
        <translation>Enregistrement impossible</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Opened %1; placeholders such as @SECRET_PATH@ are filled only by the Attack Lab</source>
        <translation>%1 ouvert ; les espaces réservés comme @SECRET_PATH@ ne sont remplis que par le laboratoire d’attaques</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · warm start</source>
        <translation> · démarrage à chaud</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Task &quot;%1&quot;: its data are the input files; press Send in the agent chat</source>
        <translation>Tâche « %1 » : ses données sont les fichiers d’entrée ; appuyez sur Envoyer dans le chat de l’agent</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Export run history</source>
        <translation>Exporter l&apos;historique des exécutions</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot export</source>
        <translation>Exportation impossible</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exported the run history to %1</source>
        <translation>Historique des exécutions exporté vers %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Unsaved program</source>
        <translation>Programme non enregistré</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save the program before quitting?</source>
        <translation>Enregistrer le programme avant de quitter ?</translation>
    </message>
</context>
<context>
    <name>MatrixLegend</name>
    <message>
        <location filename="../gui/matrix_legend.cpp" line="+25"/>
        <source>The tier stopped the attack; the cell names the layer that did (· seccomp)</source>
        <translation>Le niveau a arrêté l’attaque ; la cellule nomme la couche qui l’a fait (· seccomp)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Got through where the attack&apos;s metadata expects it to (the control, a shared kernel): an honest caveat, not a failure</source>
        <translation>Passée là où les métadonnées de l’attaque s’y attendent (le témoin, un noyau partagé) : une réserve honnête, pas un échec</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Got through where the tier should have stopped it: a failure</source>
        <translation>Passée là où le niveau aurait dû l’arrêter : un échec</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The attack never got to try: it says nothing about the tier</source>
        <translation>L’attaque n’a jamais pu essayer : elle ne dit rien du niveau</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On the control, an attack this machine cannot host (not root, no loadable modules): its BLOCKED proves nothing, so it is left out of the counts</source>
        <translation>Sur le témoin, une attaque que cette machine ne peut pas accueillir (pas root, pas de modules chargeables) : son BLOCKED ne prouve rien et n’est donc pas compté</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ leftovers</source>
        <translation>⚠ restes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run left something behind (a process, folder, container or socket): a failure whatever the verdict</source>
        <translation>L’exécution a laissé quelque chose derrière elle (un processus, un dossier, un conteneur ou un socket) : un échec, quel que soit le verdict</translation>
    </message>
</context>
<context>
    <name>NetworkPolicyEditor</name>
    <message>
        <location filename="../gui/network_policy_editor.cpp" line="+49"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No network</source>
        <translation>Pas de réseau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the hosts listed, through Sandbench&apos;s proxy</source>
        <translation>Seulement les hôtes listés, par le proxy de Sandbench</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The host&apos;s whole network</source>
        <translation>Tout le réseau de l’hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No network: the program has no route anywhere. Only the hosts listed: still no route, but an HTTP(S) proxy Sandbench runs takes it to those names alone and puts the secrets&apos; real values in on the way. The whole network: no boundary at all.</source>
        <translation>Pas de réseau : le programme n’a de route vers nulle part. Seulement les hôtes listés : toujours aucune route, mais un proxy HTTP(S) lancé par Sandbench le mène à ces seuls noms et insère au passage les vraies valeurs des secrets. Tout le réseau : aucune frontière.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Where the program may connect to</source>
        <translation>Où le programme peut se connecter</translation>
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
        <translation>Un nom d’hôte par ligne, avec un port facultatif (80 et 443 sans port) ; *.domaine couvre les noms en dessous. Les adresses IP vont dans la ligne ci-dessous.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>IP addresses or ranges, only if you need them</source>
        <translation>Adresses ou plages IP, seulement si vous en avez besoin</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Addresses the proxy may connect to by number (203.0.113.9, 10.0.0.0/8), separated by commas or spaces</source>
        <translation>Adresses que le proxy peut joindre par leur numéro (203.0.113.9, 10.0.0.0/8), séparées par des virgules ou des espaces</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hosts</source>
        <translation>Hôtes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Header</source>
        <translation>En-tête</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>From env</source>
        <translation>Depuis env</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keys the program may use but never see: its variable holds a random placeholder, which the proxy replaces with the value in the header named, for the hosts named alone. The value is what you type (kept in memory, never saved) or else Sandbench&apos;s environment variable.</source>
        <translation>Des clés que le programme peut utiliser sans jamais les voir : sa variable contient un substitut aléatoire, que le proxy remplace par la valeur dans l’en-tête indiqué, pour les seuls hôtes indiqués. La valeur est ce que vous saisissez (gardée en mémoire, jamais enregistrée), sinon la variable d’environnement de Sandbench.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add secret</source>
        <translation>Ajouter un secret</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the program a key by placeholder</source>
        <translation>Donner au programme une clé par substitut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the chosen secret</source>
        <translation>Retirer le secret choisi</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Secrets:</source>
        <translation>Secrets :</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>type it (kept in memory only)</source>
        <translation>à saisir (gardée en mémoire seulement)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from $%1</source>
        <translation>depuis $%1</translation>
    </message>
</context>
<context>
    <name>OutputPane</name>
    <message>
        <location filename="../gui/output_pane.cpp" line="+26"/>
        <source>Separate stderr</source>
        <translation>stderr à part</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the whole output…</source>
        <translation>Enregistrer toute la sortie…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Network: what the egress proxy allowed and refused</source>
        <translation>Réseau : ce que le proxy de sortie a permis et refusé</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show stderr in a pane of its own instead of in colour among stdout</source>
        <translation>Afficher stderr dans son propre volet plutôt qu’en couleur parmi stdout</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Save the run&apos;s output as it kept it (up to the policy&apos;s output cap)</source>
        <translation>Enregistrer la sortie telle que l&apos;exécution l&apos;a gardée (jusqu&apos;à la limite de sortie de la politique)</translation>
    </message>
    <message numerus="yes">
        <location line="+43"/>
        <source>[… %n characters not shown …]
</source>
        <translation>
            <numerusform>[… %n caractère non affiché …]
</numerusform>
            <numerusform>[… %n caractères non affichés …]
</numerusform>
        </translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The first %1 lines of this output are not shown here (the view keeps the last %2).</source>
        <translation>Les %1 premières lignes de cette sortie ne sont pas affichées ici (la vue garde les %2 dernières).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The run has not ended yet</source>
        <translation>L&apos;exécution n&apos;est pas encore terminée</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d&apos;écrire %1 : %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Save the whole output</source>
        <translation>Enregistrer toute la sortie</translation>
    </message>
    <message>
        <location line="+17"/>
        <source> · on %1</source>
        <translation> · sur %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · CPU %1 s</source>
        <translation> · CPU %1 s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> · CPU not measured</source>
        <translation> · CPU non mesuré</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · peak memory %1 MB</source>
        <translation> · mémoire maximale %1 Mo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · output truncated</source>
        <translation> · sortie tronquée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · warm start</source>
        <translation> · démarrage à chaud</translation>
    </message>
</context>
<context>
    <name>PaneActions</name>
    <message>
        <location filename="../gui/pane_actions.cpp" line="+17"/>
        <source>Show or close this pane of the Workbench tab</source>
        <translation>Afficher ou fermer ce panneau de l’atelier</translation>
    </message>
</context>
<context>
    <name>ProbeNotesView</name>
    <message>
        <location filename="../gui/probe_notes_view.cpp" line="+18"/>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What the tool itself printed</source>
        <translation>Ce que l’outil lui-même a affiché</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../gui/run_history.cpp" line="+41"/>
        <source>Cannot read the run history %1: %2</source>
        <translation>Impossible de lire l&apos;historique des exécutions %1 : %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The run history %1 could not be read (%2); it was kept as %3 and a new one started.</source>
        <translation>L&apos;historique des exécutions %1 n&apos;a pas pu être lu (%2) ; il a été conservé sous %3 et un nouveau a été commencé.</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+4"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d&apos;écrire %1 : %2</translation>
    </message>
    <message>
        <location filename="../gui/screenshot_tour.cpp" line="+82"/>
        <source>Now do it for the cubes.</source>
        <translation>Maintenant, la même chose pour les cubes.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>What is the mean of the first 1,000 square numbers? Compute it.</source>
        <translation>Quelle est la moyenne des 1 000 premiers carrés ? Calcule-la.</translation>
    </message>
</context>
<context>
    <name>ReplayDialog</name>
    <message>
        <location filename="../gui/replay_dialog.cpp" line="+29"/>
        <source>exit %1</source>
        <translation>sortie %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>killed by %1</source>
        <translation>tuée par %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>did not run</source>
        <translation>ne s’est pas exécutée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>how it ended</source>
        <translation>comment elle s’est terminée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>what stopped it</source>
        <translation>ce qui l’a arrêtée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard output</source>
        <translation>sortie standard</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standard error</source>
        <translation>erreur standard</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output cut at the cap</source>
        <translation>sortie coupée au plafond</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Replay</source>
        <translation>&amp;Rejouer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Replay on tier</source>
        <translation>Rejouer sur un niveau</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (cannot run here)</source>
        <translation>%1 (inutilisable ici)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Call</source>
        <translation>Appel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recorded</source>
        <translation>Enregistré</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replayed</source>
        <translation>Rejoué</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Differs</source>
        <translation>Diffère</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Replay on:</source>
        <translation>Rejouer sur :</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Session: %1 · recorded on %2 · %n call(s)</source>
        <translation>
            <numerusform>Session : %1 · enregistrée sur %2 · %n appel</numerusform>
            <numerusform>Session : %1 · enregistrée sur %2 · %n appels</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Call %1 of %2 replayed…</source>
        <translation>Appel %1 sur %2 rejoué…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a tier and press Replay</source>
        <translation>Choisissez un niveau et appuyez sur Rejouer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No tier with isolation can run here</source>
        <translation>Aucun niveau avec isolation n’est utilisable ici</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Choose a tier that can run here</source>
        <translation>Choisissez un niveau utilisable ici</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Replaying %n call(s) on %1…</source>
        <translation>
            <numerusform>Rejeu de %n appel sur %1…</numerusform>
            <numerusform>Rejeu de %n appels sur %1…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping…</source>
        <translation>Arrêt…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not replayed</source>
        <translation>non rejoué</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never ran: %1</source>
        <translation>jamais exécuté : %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>same</source>
        <translation>identique</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 of %n call(s) differ on %2</source>
        <translation>
            <numerusform>%1 appel sur %n diffère sur %2</numerusform>
            <numerusform>%1 appels sur %n diffèrent sur %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stopped; the calls after the one in progress were not replayed. %1</source>
        <translation>Arrêté ; les appels après celui en cours n’ont pas été rejoués. %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Recorded on %1: %2</source>
        <translation>Enregistré sur %1 : %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replayed on %1: %2</source>
        <translation>Rejoué sur %1 : %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lines not in both (times recorded, times replayed):</source>
        <translation>Lignes absentes de l’un des deux (fois enregistrées, fois rejouées) :</translation>
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
[… %1 octets non affichés pendant que la fenêtre rattrapait son retard …]
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
        <translation> Mo</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Memory the program may use</source>
        <translation>Mémoire que le programme peut utiliser</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Processes the program may have at once, itself included</source>
        <translation>Processus que le programme peut avoir en même temps, lui compris</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest file the program may write</source>
        <translation>Plus gros fichier que le programme peut écrire</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total size of the private working folder</source>
        <translation>Taille totale du dossier de travail privé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> bytes</source>
        <translation> octets</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Output kept per stream; the rest is dropped</source>
        <translation>Sortie conservée par flux ; le reste est abandonné</translation>
    </message>
    <message>
        <source>Allow network access</source>
        <translation type="vanished">Autoriser l&apos;accès au réseau</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Choose a preset…</source>
        <translation>Choisir un préréglage…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Python packages (network only)</source>
        <translation>Paquets Python (réseau seulement)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lets the program reach the Python package index (pypi.org, files.pythonhosted.org) through the proxy; the limits stay as they are</source>
        <translation>Permet au programme de joindre l’index des paquets Python (pypi.org, files.pythonhosted.org) par le proxy ; les limites restent telles quelles</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save…</source>
        <translation>Enregistrer…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load…</source>
        <translation>Charger…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this policy as a JSON file</source>
        <translation>Enregistrer cette politique dans un fichier JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load a policy from a JSON file</source>
        <translation>Charger une politique depuis un fichier JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save policy</source>
        <translation>Enregistrer la politique</translation>
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
        <translation>Charger une politique</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wall-clock limit; the tier kills the program when it passes</source>
        <translation>Limite de temps réel ; le niveau tue le programme quand elle est dépassée</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CPU share the program may use (the container tier&apos;s CPU quota)</source>
        <translation>Part de processeur que le programme peut utiliser (le quota CPU du niveau conteneur)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Network:</source>
        <translation>&amp;Réseau :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Input files:</source>
        <translation>Fichiers d’&amp;entrée :</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>%1 (control, no isolation)</source>
        <translation>%1 (témoin, sans isolation)</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>&amp;Tier:</source>
        <translation>&amp;Niveau :</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preset:</source>
        <translation>Préréglage :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;imeout:</source>
        <translation>&amp;Délai :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Memory:</source>
        <translation>&amp;Mémoire :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;CPUs:</source>
        <translation>&amp;Processeurs :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Processes:</source>
        <translation>Pro&amp;cessus :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;File size:</source>
        <translation>&amp;Taille de fichier :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Working folder:</source>
        <translation>&amp;Dossier de travail :</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Output cap:</source>
        <translation>&amp;Limite de sortie :</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>%1 (unavailable)</source>
        <translation>%1 (indisponible)</translation>
    </message>
    <message>
        <location line="+197"/>
        <source>Cannot save the policy to %1: %2</source>
        <translation>Impossible d&apos;enregistrer la politique dans %1 : %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a usable policy: %2</source>
        <translation>%1 n&apos;est pas une politique utilisable : %2</translation>
    </message>
</context>
<context>
    <name>Task</name>
    <message>
        <location filename="../build/dev/gui/attack_texts.cpp" line="+1"/>
        <source>Fit a line and report R²</source>
        <translation>Ajuster une droite et donner R²</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summarise sales and plot revenue by month</source>
        <translation>Résumer les ventes et tracer le chiffre d’affaires par mois</translation>
    </message>
</context>
<context>
    <name>TierInfo</name>
    <message>
        <location filename="../tiers/container/container_tier.cpp" line="+102"/>
        <source>Container</source>
        <translation>conteneur</translation>
    </message>
    <message>
        <location filename="../tiers/container/container_settings.cpp" line="+42"/>
        <source>&amp;Engine</source>
        <translation>Mot&amp;eur</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../tiers/gvisor/gvisor_settings.cpp" line="+35"/>
        <location filename="../tiers/microvm/microvm_settings.cpp" line="+53"/>
        <source>Auto</source>
        <translation>Automatique</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Auto uses Docker when its daemon answers, else Podman</source>
        <translation>Automatique utilise Docker si son démon répond, sinon Podman</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Image</source>
        <translation>&amp;Image</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The image every run starts from; empty for the default</source>
        <translation>L’image dont part chaque exécution ; vide pour l’image par défaut</translation>
    </message>
    <message>
        <location filename="../tiers/common/warm_pool_setting.cpp" line="+10"/>
        <source>Warm poo&amp;l</source>
        <translation>&amp;Réserve préchauffée</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Off</source>
        <translation>Désactivée</translation>
    </message>
    <message>
        <location filename="../tiers/container/container_settings.cpp" line="+5"/>
        <source>Containers started ahead of runs, each serving one run; 0 starts every run cold</source>
        <translation>Conteneurs démarrés à l’avance, chacun pour une seule exécution ; 0 démarre chaque exécution à froid</translation>
    </message>
    <message>
        <location filename="../tiers/e2b/e2b_tier.cpp" line="+109"/>
        <source>E2B</source>
        <translation>E2B</translation>
    </message>
    <message>
        <location filename="../tiers/e2b/e2b_settings.cpp" line="+68"/>
        <source>API &amp;key</source>
        <translation>&amp;Clé d’API</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From E2B_API_KEY</source>
        <translation>Depuis E2B_API_KEY</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not set (E2B_API_KEY is empty)</source>
        <translation>Non définie (E2B_API_KEY est vide)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Held in memory only and never saved. When this field is empty, E2B_API_KEY from Sandbench&apos;s environment is used. E2B bills every run.</source>
        <translation>Conservée en mémoire uniquement, jamais enregistrée. Si ce champ est vide, E2B_API_KEY de l’environnement de Sandbench est utilisée. E2B facture chaque exécution.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Te&amp;mplate</source>
        <translation>&amp;Modèle</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The sandbox template; it must have E2B&apos;s code interpreter</source>
        <translation>Le modèle de bac à sable ; il doit comporter l’interpréteur de code d’E2B</translation>
    </message>
    <message>
        <location filename="../tiers/host/host_tier.cpp" line="+30"/>
        <source>Host</source>
        <translation>hôte</translation>
    </message>
    <message>
        <location filename="../tiers/microvm/microvm_tier.cpp" line="+85"/>
        <source>MicroVM</source>
        <translation>microVM</translation>
    </message>
    <message>
        <location filename="../tiers/microvm/microvm_settings.cpp" line="-2"/>
        <source>&amp;Accelerator</source>
        <translation>&amp;Accélérateur</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TCG (emulated)</source>
        <translation>TCG (émulé)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Auto uses KVM when it really boots a guest here, else TCG; KVM refuses to run when it cannot</source>
        <translation>Automatique utilise KVM s’il démarre vraiment un invité ici, sinon TCG ; KVM refuse de s’exécuter s’il ne le peut pas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>VMs booted ahead of runs, each serving one run; 0 boots a VM for every run</source>
        <translation>VM démarrées à l’avance, chacune pour une seule exécution ; 0 démarre une VM pour chaque exécution</translation>
    </message>
    <message>
        <location filename="../tiers/subprocess/subprocess_tier.cpp" line="+147"/>
        <source>Subprocess</source>
        <translation>sous-processus</translation>
    </message>
    <message>
        <location filename="../tiers/gvisor/gvisor_settings.cpp" line="-2"/>
        <source>&amp;Platform</source>
        <translation>&amp;Plateforme</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>How gVisor&apos;s Sentry intercepts system calls; Auto takes KVM when a trial sandbox runs under it, else systrap where runsc has it, else ptrace</source>
        <translation>Comment la Sentry de gVisor intercepte les appels système ; Automatique prend KVM quand un bac à sable d’essai tourne dessous, sinon systrap si runsc l’a, sinon ptrace</translation>
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
        <translation>Niveau %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1:</source>
        <translation>%1 :</translation>
    </message>
</context>
<context>
    <name>ToolCallView</name>
    <message>
        <location filename="../gui/tool_call_view.cpp" line="+45"/>
        <source>Open in editor</source>
        <translation>Ouvrir dans l’éditeur</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Show or hide the code and its output</source>
        <translation>Afficher ou masquer le code et sa sortie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tier and policy this program ran with, as chosen in Tier and policy</source>
        <translation>Le niveau et la politique avec lesquels ce programme s’est exécuté, tels que choisis dans « Niveau et politique »</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put this code into the code editor, to change it and run it by hand on any tier</source>
        <translation>Mettre ce code dans l’éditeur de code, pour le modifier et l’exécuter à la main sur n’importe quel niveau</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No output yet</source>
        <translation>Pas encore de sortie</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Running on %1…</source>
        <translation>Exécution sur %1…</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>[… %1 characters not shown …]
</source>
        <translation>[… %1 caractères non affichés …]
</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Not run: %1</source>
        <translation>Non exécuté : %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source> · output truncated</source>
        <translation> · sortie tronquée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · pictures shown to the model: %1</source>
        <translation> · images montrées au modèle : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · the model was told it failed</source>
        <translation> · signalé au modèle comme un échec</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The session ended before this program reported its result</source>
        <translation>La session s’est terminée avant que ce programme ne rende son résultat</translation>
    </message>
</context>
<context>
    <name>VerdictChart</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="-395"/>
        <source>Run the lab to see verdicts</source>
        <translation>Lancez le laboratoire pour voir les verdicts</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Verdicts per tier</source>
        <translation>Verdicts par niveau</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attacks</source>
        <translation>Attaques</translation>
    </message>
</context>
<context>
    <name>VerdictCountsTable</name>
    <message>
        <location line="+79"/>
        <source>Tier</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Counts</source>
        <translation>Décompte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Blocked: attacks the tier stopped. Allowed as expected: attacks the tier is known to let through. Unexpected: ALLOWED where the attack&apos;s metadata expects the tier to stop it, a failure of the tier. Never got to try: attacks with an ERROR verdict. Not possible here: control cells whose attack cannot work on this machine, left out of the other counts and of the chart. Left something behind: cells whose run left processes, folders, containers or sockets, failures whatever the verdict.</source>
        <translation>Bloquées : attaques que le niveau a arrêtées. Autorisées comme prévu : attaques que le niveau laisse passer, c’est connu. Inattendues : ALLOWED là où les métadonnées de l’attaque attendent que le niveau l’arrête, un échec du niveau. N’ont pas pu essayer : attaques au verdict ERROR. Impossibles ici : cellules témoins dont l’attaque ne peut pas marcher sur cette machine, hors des autres décomptes et du graphique. Ont laissé des restes : cellules dont l’exécution a laissé processus, dossiers, conteneurs ou sockets, des échecs quel que soit le verdict.</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>%n blocked</source>
        <translation>
            <numerusform>%n bloquée</numerusform>
            <numerusform>%n bloquées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n allowed as expected</source>
        <translation>
            <numerusform>%n autorisée comme prévu</numerusform>
            <numerusform>%n autorisées comme prévu</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n unexpected</source>
        <translation>
            <numerusform>%n inattendue</numerusform>
            <numerusform>%n inattendues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n never got to try</source>
        <comment>attacks with an ERROR verdict</comment>
        <translation>
            <numerusform>%n n’a pas pu essayer</numerusform>
            <numerusform>%n n’ont pas pu essayer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n not possible here</source>
        <translation>
            <numerusform>%n impossible ici</numerusform>
            <numerusform>%n impossibles ici</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n left something behind</source>
        <translation>
            <numerusform>%n a laissé des restes</numerusform>
            <numerusform>%n ont laissé des restes</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>failures: %1 · %2</source>
        <translation>échecs : %1 · %2</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation type="vanished">Bloquées</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation type="vanished">Autorisées</translation>
    </message>
    <message>
        <source>Unexpected</source>
        <translation type="vanished">Inattendues</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation type="vanished">Erreurs</translation>
    </message>
    <message>
        <source>Leftovers</source>
        <translation type="vanished">Restes</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation type="vanished">Échecs</translation>
    </message>
    <message>
        <source>Not possible</source>
        <translation type="vanished">Impossible</translation>
    </message>
    <message>
        <source>Attacks the tier stopped</source>
        <translation type="vanished">Attaques que le niveau a arrêtées</translation>
    </message>
    <message>
        <source>Attacks that got through, expected or not</source>
        <translation type="vanished">Attaques passées, attendues ou non</translation>
    </message>
    <message>
        <source>ALLOWED where the attack&apos;s metadata expects the tier to stop it: a failure of the tier</source>
        <translation type="vanished">ALLOWED là où les métadonnées de l’attaque attendent que le niveau l’arrête : un échec du niveau</translation>
    </message>
    <message>
        <source>Attacks that never got to try: they say nothing about the tier</source>
        <translation type="vanished">Attaques qui n’ont jamais pu essayer : elles ne disent rien du niveau</translation>
    </message>
    <message>
        <source>Control cells whose attack cannot work on this machine (not root, no loadable modules): left out of the other counts and of the chart</source>
        <translation type="vanished">Cellules du témoin dont l’attaque ne peut pas réussir sur cette machine (pas root, pas de modules chargeables) : exclues des autres comptes et du graphique</translation>
    </message>
    <message>
        <source>Cells whose run left something behind (processes, folders, containers, sockets): failures whatever the verdict</source>
        <translation type="vanished">Cellules dont l’exécution a laissé quelque chose (processus, dossiers, conteneurs, sockets) : des échecs quel que soit le verdict</translation>
    </message>
    <message>
        <source>Cells with an unexpected ALLOWED, leftovers or both</source>
        <translation type="vanished">Cellules avec un ALLOWED inattendu, des restes ou les deux</translation>
    </message>
</context>
<context>
    <name>WorkloadChart</name>
    <message>
        <location line="+292"/>
        <source>Bench with workloads to compare where each tier&apos;s cost lies</source>
        <translation>Mesurer avec les charges pour comparer où se situe le coût de chaque niveau</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Workloads: each tier&apos;s p50 over the bare host&apos;s, same session</source>
        <translation>Charges : p50 de chaque niveau rapporté à l’hôte nu, même session</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>× bare host (log scale)</source>
        <translation>× hôte nu (échelle log)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bare host = 1×</source>
        <translation>hôte nu = 1×</translation>
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
        <translation>JSON invalide à l’octet %1 : %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The lab run holds no outcomes</source>
        <translation>L’exécution du laboratoire ne contient aucun résultat</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>outcome %1</source>
        <translation>résultat %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Not a lab run: expected an array of outcomes, as `sandbench-cli attacks --json` writes, or a lab-run document, as the workbench exports</source>
        <translation>Pas une exécution du laboratoire : un tableau de résultats est attendu, comme l’écrit `sandbench-cli attacks --json`, ou un document d’exécution, comme l’exporte l’atelier</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: must be an object</source>
        <translation>%1 : doit être un objet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: &quot;verdict&quot; is &quot;%2&quot;, not BLOCKED, ALLOWED or ERROR</source>
        <translation>%1 : &quot;verdict&quot; vaut &quot;%2&quot;, et non BLOCKED, ALLOWED ou ERROR</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>outcome %1, result</source>
        <translation>résultat %1, result</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1: written by a newer Sandbench (format version %2); update Sandbench to open it</source>
        <translation>%1 : écrit par un Sandbench plus récent (version de format %2) ; mettez Sandbench à jour pour l’ouvrir</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
</context>
<context>
    <name>labrun::Reader</name>
    <message>
        <location line="-51"/>
        <source>%1: &quot;%2&quot; is empty</source>
        <translation>%1 : &quot;%2&quot; est vide</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the key &quot;%2&quot; is missing</source>
        <translation>%1 : la clé &quot;%2&quot; manque</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: &quot;%2&quot; must be a string</source>
        <translation>%1 : &quot;%2&quot; doit être une chaîne</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: &quot;%2&quot; must be true or false</source>
        <translation>%1 : &quot;%2&quot; doit valoir true ou false</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: &quot;%2&quot; must be a number, not negative</source>
        <translation>%1 : &quot;%2&quot; doit être un nombre positif ou nul</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: &quot;%2&quot; must be a whole number or null</source>
        <translation>%1 : &quot;%2&quot; doit être un nombre entier ou null</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: &quot;%2&quot; is out of range</source>
        <translation>%1 : &quot;%2&quot; est hors limites</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: &quot;%2&quot; is &quot;%3&quot;, not a known stop reason</source>
        <translation>%1 : &quot;%2&quot; vaut &quot;%3&quot;, qui n’est pas une raison d’arrêt connue</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>%1: &quot;%2&quot; must be an array of strings</source>
        <translation>%1 : &quot;%2&quot; doit être un tableau de chaînes</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>%1: &quot;%2&quot; must be an object</source>
        <translation>%1 : &quot;%2&quot; doit être un objet</translation>
    </message>
</context>
</TS>

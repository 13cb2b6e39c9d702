<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AgentChatDock</name>
    <message>
        <location filename="../gui/agent_chat_dock.cpp" line="+30"/>
        <source>&amp;Send</source>
        <translation>&amp;Envoyer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+17"/>
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
        <location line="+5"/>
        <source>Transcript</source>
        <translation>Transcription</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the last session, once it has ended</source>
        <translation>Enregistrer la dernière session, une fois terminée</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Turn %1 of %2 · waiting for the model…</source>
        <translation>Tour %1 sur %2 · en attente du modèle…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Turn %1 of %2 · the model&apos;s program runs on %3…</source>
        <translation>Tour %1 sur %2 · le programme du modèle s’exécute sur %3…</translation>
    </message>
    <message>
        <location line="+26"/>
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
        <location line="+18"/>
        <source>Starting: %1 · programs run on %2 (%3)</source>
        <translation>Démarrage : %1 · les programmes s’exécutent sur %2 (%3)</translation>
    </message>
    <message>
        <location line="+13"/>
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
        <location line="+7"/>
        <source>Model: %1</source>
        <translation>Modèle : %1</translation>
    </message>
    <message>
        <location line="+5"/>
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
</context>
<context>
    <name>AgentController</name>
    <message>
        <location filename="../gui/agent_controller.cpp" line="+150"/>
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
        <location filename="../gui/agent_settings_panel.cpp" line="+49"/>
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
    <name>AttackLabPage</name>
    <message>
        <location filename="../gui/attack_lab_page.cpp" line="+58"/>
        <source>A folder of *.py attacks, each with a metadata header</source>
        <translation>Un dossier d&apos;attaques *.py, chacune avec un en-tête de métadonnées</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Suite:</source>
        <translation>Suite :</translation>
    </message>
    <message>
        <location line="+7"/>
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
        <location line="+7"/>
        <source> runs</source>
        <translation> exécutions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timed runs per tier in a bench</source>
        <translation>Exécutions chronométrées par niveau lors d’une mesure</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>Exporter…</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>%1 blocked, %2 allowed (%3 unexpected), %4 errors, %5 with leftovers</source>
        <translation>%1 bloquées, %2 autorisées (%3 inattendues), %4 erreurs, %5 avec des restes</translation>
    </message>
    <message>
        <location line="+44"/>
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
        <location line="+99"/>
        <source>%1 failed: %2</source>
        <translation>%1 a échoué : %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Attack Lab stopped: %1</source>
        <translation>Laboratoire d&apos;attaques arrêté : %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attack Lab finished: %1</source>
        <translation>Laboratoire d&apos;attaques terminé : %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Bench stopped</source>
        <translation>Mesure arrêtée</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bench finished</source>
        <translation>Mesure terminée</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Choose an attack suite folder</source>
        <translation>Choisir le dossier d&apos;une suite d&apos;attaques</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+59"/>
        <location line="+106"/>
        <source>Stop the current run first</source>
        <translation>Arrêtez d&apos;abord l&apos;exécution en cours</translation>
    </message>
    <message>
        <location line="-163"/>
        <location line="+57"/>
        <source>Check at least one tier that can run here</source>
        <translation>Cochez au moins un niveau utilisable ici</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>Cannot load the suite: %1</source>
        <translation>Impossible de charger la suite : %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cannot set up the attack targets: %1</source>
        <translation>Impossible de préparer les cibles des attaques : %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <location line="+36"/>
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
        <location line="+50"/>
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
        <location line="+67"/>
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
    <message>
        <source>Check the tiers to attack and press Run suite: a row per attack, a column per tier, each cell filled as its attack finishes</source>
        <translation>Cochez les niveaux à attaquer et appuyez sur « Exécuter la suite » : une ligne par attaque, une colonne par niveau, chaque cellule remplie dès que son attaque se termine</translation>
    </message>
</context>
<context>
    <name>AttackMatrixModel</name>
    <message>
        <location filename="../gui/attack_matrix_model.cpp" line="+71"/>
        <source>(inferred)</source>
        <translation>(déduite)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (expected)</source>
        <translation>%1 (attendu)</translation>
    </message>
    <message>
        <location line="+57"/>
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
        <location line="+41"/>
        <source>%1 (control)</source>
        <translation>%1 (témoin)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 has no isolation: it shows that each attack really works</source>
        <translation>%1 n&apos;isole rien : il montre que chaque attaque fonctionne vraiment</translation>
    </message>
    <message>
        <source>not possible here</source>
        <translation>impossible ici</translation>
    </message>
    <message>
        <source>The control&apos;s %1 proves nothing here: left out of the counts</source>
        <translation>Le %1 du témoin ne prouve rien ici : non compté</translation>
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
        <translation>Cliquez sur une cellule de la matrice pour voir pourquoi le niveau a décidé ainsi.</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+7"/>
        <source>%1 has not finished on this tier.</source>
        <translation>%1 n&apos;est pas terminé sur ce niveau.</translation>
    </message>
    <message>
        <location line="+8"/>
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
        <location line="+2"/>
        <source>Evidence: %1</source>
        <translation>Preuves : %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run: %1</source>
        <translation>Exécution : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped by: %1</source>
        <translation>Arrêté par : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tier&apos;s evidence: %1</source>
        <translation>Preuves du niveau : %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+3"/>
        <source>
[truncated by the output cap]</source>
        <translation>
[tronqué par la limite de sortie]</translation>
    </message>
    <message>
        <source>Not possible here: left out of the counts and the chart</source>
        <translation>Impossible ici : exclu des comptes et du graphique</translation>
    </message>
    <message>
        <source>Click a cell of the matrix to see its attack&apos;s code.</source>
        <translation>Cliquez sur une cellule de la matrice pour voir le code de son attaque.</translation>
    </message>
    <message>
        <source>This run was opened without the attack&apos;s code.</source>
        <translation>Cette exécution a été ouverte sans le code de l’attaque.</translation>
    </message>
    <message>
        <source>The run wrote nothing here.</source>
        <translation>L’exécution n’a rien écrit ici.</translation>
    </message>
    <message>
        <source>The attack has not finished on this tier.</source>
        <translation>L’attaque n’est pas encore terminée sur ce niveau.</translation>
    </message>
    <message>
        <source>Click a cell of the matrix to see what its run wrote.</source>
        <translation>Cliquez sur une cellule de la matrice pour voir ce que son exécution a écrit.</translation>
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
        <location filename="../gui/chat_view.cpp" line="+68"/>
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
        <location line="+44"/>
        <source>Finished: the model answered at turn %1 of %2.</source>
        <translation>Terminé : le modèle a répondu au tour %1 sur %2.</translation>
    </message>
    <message>
        <location line="+4"/>
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
    <name>LabCharts</name>
    <message>
        <location filename="../gui/lab_charts.cpp" line="+67"/>
        <source>Tier</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location line="+278"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
</context>
<context>
    <name>LabPresentation</name>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>Mode &amp;présentation</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;avant</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Zoom a&amp;rrière</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Réinitialiser le zoom</translation>
    </message>
    <message>
        <source>Show the Attack Lab for a projector: larger text, the whole suite on one screen, cells wide enough for the layer</source>
        <translation>Afficher le laboratoire d’attaques pour un projecteur : texte plus grand, toute la suite sur un écran, cellules assez larges pour la couche</translation>
    </message>
    <message>
        <source>Make the Attack Lab&apos;s text larger</source>
        <translation>Agrandir le texte du laboratoire d’attaques</translation>
    </message>
    <message>
        <source>Make the Attack Lab&apos;s text smaller</source>
        <translation>Réduire le texte du laboratoire d’attaques</translation>
    </message>
    <message>
        <source>Give the Attack Lab&apos;s text its default size again</source>
        <translation>Rendre au texte du laboratoire d’attaques sa taille par défaut</translation>
    </message>
</context>
<context>
    <name>LabTierList</name>
    <message>
        <location filename="../gui/lab_tier_list.cpp" line="+9"/>
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
        <location line="+44"/>
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
        <location filename="../gui/lab_charts.cpp" line="-90"/>
        <source>Start-up latency: print(1), cold</source>
        <translation>Latence de démarrage : print(1), à froid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min · p25 · p50 · p75 · max</source>
        <translation>min · p25 · p50 · p75 · max</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Milliseconds</source>
        <translation>Millisecondes</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>bare python3</source>
        <translation>python3 seul</translation>
    </message>
    <message>
        <source>Press Bench to measure each checked tier&apos;s start-up latency</source>
        <translation>Appuyez sur « Mesurer » pour mesurer la latence de démarrage de chaque niveau coché</translation>
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
        <location line="+97"/>
        <source>The tiers are still being checked; send again in a moment</source>
        <translation>Les niveaux sont encore en cours de vérification ; renvoyez dans un instant</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The agent&apos;s program is running on %1…</source>
        <translation>Le programme de l’agent s’exécute sur %1…</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The agent&apos;s code is in the editor (Ctrl+Z brings back what was there); run it with Ctrl+Return on any tier</source>
        <translation>Le code de l’agent est dans l’éditeur (Ctrl+Z rétablit ce qui s’y trouvait) ; exécutez-le avec Ctrl+Entrée sur n’importe quel niveau</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Double-click a run to put its code and output back</source>
        <translation>Double-cliquez sur une exécution pour retrouver son code et sa sortie</translation>
    </message>
    <message>
        <location line="-112"/>
        <source>Checking the %1 tier…</source>
        <translation>Vérification du niveau %1…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The %1 tier is ready</source>
        <translation>Le niveau %1 est prêt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The %1 tier cannot run here: %2</source>
        <translation>Le niveau %1 ne peut pas s’exécuter ici : %2</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Choose a tier that can run here in Tier and policy</source>
        <translation>Choisissez dans « Niveau et politique » un niveau utilisable ici</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The %1 tier has no isolation at all: the model&apos;s programs never run on it. Choose another tier in Tier and policy</source>
        <translation>Le niveau %1 n’a aucune isolation : les programmes du modèle n’y sont jamais exécutés. Choisissez un autre niveau dans « Niveau et politique »</translation>
    </message>
    <message>
        <location line="+71"/>
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
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>&amp;Exécuter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the editor&apos;s program on the chosen tier</source>
        <translation>Exécuter le programme de l&apos;éditeur sur le niveau choisi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the running program; the tier kills everything it started</source>
        <translation>Arrêter le programme en cours ; le niveau tue tout ce qu&apos;il a lancé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restore &amp;Default Layout</source>
        <translation>Rétablir la &amp;disposition par défaut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every pane back where it started</source>
        <translation>Remettre chaque panneau à sa place d&apos;origine</translation>
    </message>
    <message>
        <location line="+8"/>
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
        <location line="+8"/>
        <source>Checking which tiers this machine can run…</source>
        <translation>Vérification des niveaux utilisables sur cette machine…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a tier that can run here</source>
        <translation>Choisissez un niveau utilisable ici</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Running on %1…</source>
        <translation>Exécution sur %1…</translation>
    </message>
    <message>
        <location line="+12"/>
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
        <location line="+22"/>
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
        <location line="+44"/>
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
        <location line="+1"/>
        <source>⚠ leftovers</source>
        <translation>⚠ restes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run left something behind (a process, folder, container or socket): a failure whatever the verdict</source>
        <translation>L’exécution a laissé quelque chose derrière elle (un processus, un dossier, un conteneur ou un socket) : un échec, quel que soit le verdict</translation>
    </message>
    <message>
        <source>On the control, an attack this machine cannot host (not root, no loadable modules): its BLOCKED proves nothing, so it is left out of the counts</source>
        <translation>Sur le témoin, une attaque que cette machine ne peut pas accueillir (pas root, pas de modules chargeables) : son BLOCKED ne prouve rien et n’est donc pas compté</translation>
    </message>
</context>
<context>
    <name>OutputPane</name>
    <message>
        <location filename="../gui/output_pane.cpp" line="+23"/>
        <source>Separate stderr</source>
        <translation>stderr à part</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the whole output…</source>
        <translation>Enregistrer toute la sortie…</translation>
    </message>
    <message>
        <location line="+13"/>
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
        <location line="+36"/>
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
        <location filename="../gui/run_panel.cpp" line="+44"/>
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
        <location line="+1"/>
        <source>Allow network access</source>
        <translation>Autoriser l&apos;accès au réseau</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose a preset…</source>
        <translation>Choisir un préréglage…</translation>
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
        <location line="+57"/>
        <source>%1 (control, no isolation)</source>
        <translation>%1 (témoin, sans isolation)</translation>
    </message>
    <message>
        <location line="-51"/>
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
        <location line="+37"/>
        <source>%1 (unavailable)</source>
        <translation>%1 (indisponible)</translation>
    </message>
    <message>
        <location line="+149"/>
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
    <name>TierInfo</name>
    <message>
        <location filename="../tiers/container/container_tier.cpp" line="+83"/>
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
        <location filename="../tiers/e2b/e2b_tier.cpp" line="+69"/>
        <source>E2B</source>
        <translation>E2B</translation>
    </message>
    <message>
        <location filename="../tiers/e2b/e2b_settings.cpp" line="+58"/>
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
        <location filename="../tiers/host/host_tier.cpp" line="+23"/>
        <source>Host</source>
        <translation>hôte</translation>
    </message>
    <message>
        <location filename="../tiers/microvm/microvm_tier.cpp" line="+64"/>
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
        <location filename="../tiers/subprocess/subprocess_tier.cpp" line="+128"/>
        <source>Subprocess</source>
        <translation>sous-processus</translation>
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
        <location filename="../gui/tool_call_view.cpp" line="+43"/>
        <source>Open in editor</source>
        <translation>Ouvrir dans l’éditeur</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Show or hide the code and its output</source>
        <translation>Afficher ou masquer le code et sa sortie</translation>
    </message>
    <message>
        <location line="+3"/>
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
        <location line="+54"/>
        <source>[… %1 characters not shown …]
</source>
        <translation>[… %1 caractères non affichés …]
</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not run: %1</source>
        <translation>Non exécuté : %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> · output truncated</source>
        <translation> · sortie tronquée</translation>
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
        <location filename="../gui/lab_charts.cpp" line="-171"/>
        <source>Verdicts per tier</source>
        <translation>Verdicts par niveau</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attacks</source>
        <translation>Attaques</translation>
    </message>
    <message>
        <source>Run the lab to see verdicts</source>
        <translation>Lancez le laboratoire pour voir les verdicts</translation>
    </message>
</context>
<context>
    <name>VerdictCountsTable</name>
    <message>
        <location line="+68"/>
        <source>Tier</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Blocked</source>
        <translation>Bloquées</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Allowed</source>
        <translation>Autorisées</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unexpected</source>
        <translation>Inattendues</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Errors</source>
        <translation>Erreurs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leftovers</source>
        <translation>Restes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failures</source>
        <translation>Échecs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attacks the tier stopped</source>
        <translation>Attaques que le niveau a arrêtées</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attacks that got through, expected or not</source>
        <translation>Attaques passées, attendues ou non</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ALLOWED where the attack&apos;s metadata expects the tier to stop it: a failure of the tier</source>
        <translation>ALLOWED là où les métadonnées de l’attaque attendent que le niveau l’arrête : un échec du niveau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attacks that never got to try: they say nothing about the tier</source>
        <translation>Attaques qui n’ont jamais pu essayer : elles ne disent rien du niveau</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cells whose run left something behind (processes, folders, containers, sockets): failures whatever the verdict</source>
        <translation>Cellules dont l’exécution a laissé quelque chose (processus, dossiers, conteneurs, sockets) : des échecs quel que soit le verdict</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cells with an unexpected ALLOWED, leftovers or both</source>
        <translation>Cellules avec un ALLOWED inattendu, des restes ou les deux</translation>
    </message>
    <message>
        <source>Not possible</source>
        <translation>Impossible</translation>
    </message>
    <message>
        <source>Control cells whose attack cannot work on this machine (not root, no loadable modules): left out of the other counts and of the chart</source>
        <translation>Cellules du témoin dont l’attaque ne peut pas réussir sur cette machine (pas root, pas de modules chargeables) : exclues des autres comptes et du graphique</translation>
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

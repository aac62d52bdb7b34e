# labgrader: export the lab environment declared for learners (sourced by capture-shell and
# hooks.bash; bash >= 4.1).
#
# Why not `source` the file: it is written by the installer from a lab YAML's `environment:`
# map, i.e. data, not code. Each `KEY=VALUE` line is exported literally (no expansion, no
# quotes removed), and names that would break capture or the login (PROMPT_COMMAND, PS0,
# HISTCONTROL, BASH_ENV, LD_*, LABGRADER_*, ...) are refused, so a bad lab file cannot disable
# grading or run code.

__lg_load_env() {
	local file=${1:-${LABGRADER_ETC:-/etc/labgrader}/environment} line key value
	[[ -r $file ]] || return 0
	while IFS= read -r line || [[ -n $line ]]; do
		line=${line%$'\r'}
		[[ -z $line || $line == \#* ]] && continue
		key=${line%%=*}
		value=${line#*=}
		[[ $line == *=* && $key =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
		case $key in
		PROMPT_COMMAND | PS0 | PS1 | PS2 | PS4 | HISTCONTROL | HISTIGNORE | HISTFILE | HISTSIZE | \
			BASH_ENV | ENV | SHELLOPTS | BASHOPTS | IFS | PATH | HOME | SHELL | USER | LOGNAME | \
			LD_* | LABGRADER_* | __lg_*)
			continue
			;;
		esac
		export "$key=$value"
	done <"$file"
}

#!/bin/sh
# A kiosk sink plugin in POSIX shell (docs/PLUGINS.md): appends each event, as the
# CloudEvent's JSON line, to the file its option 'path' names, then acknowledges it.
#   sink jsonl { path "events.jsonl" }
case ",$KIOSK_PLUGIN_PROTOCOLS," in
*,1,*) ;;
*) echo "jsonl speaks protocol version 1" >&2; exit 1 ;;
esac
echo "kiosk-plugin 1 jsonl sink"
file=""
while IFS= read -r line; do
    case "$line" in
    '{"describe":'*)
        echo '{"options":[{"name":"path","type":"text","required":true,"doc":"the file to append each event to"}]}' ;;
    '{"configure":'*)
        rest=${line#*\"path\":\"}
        file=${rest%%\"*}
        if [ -z "$file" ] || [ "$rest" = "$line" ]; then
            echo '{"ok":false,"errors":[{"option":"path","message":"give a file to append to"}]}'
        elif ! (: >>"$file") 2>/dev/null; then
            echo '{"ok":false,"errors":[{"option":"path","message":"cannot write to this file"}]}'
        else
            echo '{"ok":true}'
        fi ;;
    '{"event":'*)
        event=${line#\{\"event\":}
        event=${event%\}}
        rest=${line#*\"id\":\"}
        id=${rest%%\"*}
        if printf '%s\n' "$event" >>"$file"; then
            echo "{\"ack\":\"$id\"}"
        else
            echo "{\"nack\":\"$id\",\"retry\":true,\"message\":\"cannot append to the file\"}"
        fi ;;
    '{"shutdown":'*) exit 0 ;;
    esac
done

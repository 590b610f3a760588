#!/usr/bin/env bash
# Generates the five how-to demo clips in apps/server/assets/howto/ (needs Debian's ffmpeg and fonts-noto-core).
# They are placeholders labelled "DEMO CLIP"; operators replace the how-to URLs with their real videos.
set -euo pipefail
out="$(dirname "$0")/../apps/server/assets/howto"
font=/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf
colors=(0x1e3a8a 0x065f46 0x7c2d12 0x6b21a8 0x9f1239)
i=0
for pair in "wallet:Your wallet" "playGame:Play a game" "checkBalance:Check your balance" \
  "receiveBonus:Receive a bonus" "endBonus:End a bonus"; do
  key=${pair%%:*}
  title=${pair#*:}
  ffmpeg -loglevel error -y -f lavfi -i "color=c=${colors[$i]}:s=640x360:d=6:r=24" \
    -f lavfi -i "sine=frequency=440:duration=6" -af "volume=0.05" \
    -vf "drawtext=fontfile=$font:text='DEMO CLIP':fontcolor=white@0.7:fontsize=22:x=20:y=20,drawtext=fontfile=$font:text='$title':fontcolor=white:fontsize=40:x=(w-tw)/2:y=(h-th)/2-20,drawtext=fontfile=$font:text='Member Wallet how-to  %{eif\:t+1\:d} / 6':fontcolor=white@0.8:fontsize=22:x=(w-tw)/2:y=(h/2)+40" \
    -c:v libx264 -profile:v baseline -pix_fmt yuv420p -b:v 60k -c:a aac -b:a 24k -movflags +faststart -shortest \
    "$out/$key.mp4"
  i=$((i + 1))
done

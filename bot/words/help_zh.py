"""/help in Traditional Chinese: each game's notation explained, with the notation itself unchanged.

The English sheets are the engines' ``help_text`` (or a table layer's richer
one, ``bot.table.extras.help_text``); ``bot.words.i18n.help_sheet`` registers them under
``bot.help.text.<game>`` beside these, so a sheet can be worded again in
another reader's language like every other line.
"""

from __future__ import annotations

#: game id -> the game's name in the Taiwanese write-ups (the English name is the engine's)
TITLES_ZH = {
    "west-of-africa": "七島",
    "terra-mystica": "祕境",
    "altiplano": "神祕高原",
    "bruges": "布魯日",
    "amerigo": "亞美利哥",
}

HELP_ZH = {
    "west-of-africa": """\
七島：大家同時秘密挑選卡片，再依順位輪流執行行動；`done` 結束你的回合。
`choose tenerife farm sell`　挑 1-5 張卡（第 5 張要付 4 元）；`minus` 是 -4 卡
`place gomera`　第 1 輪：把你的船放到空的停泊處
`move west gomera tenerife`　移動一個工人（每條航道 1 步，每回合 4 步）
`farm palma wine wine west`　耕種作物；每個 `west`/`east` 代表該處一名工人幫忙（每個作物 -1 元），之後到那艘船上
`farm tenerife dual-sugar`　種在兩用田上
`sell canaria [wine]`　從該島倉庫出售全部（或列出的）作物
`build lanzarote 6 9`　建造定居小屋（限市長），寫出空格的價格；`dual-6` 是兩用空格
`ship tenerife +sugar canaria fuerteventura [bump blue]`　航行最多 3 個港口；`+作物` 裝貨，`-作物` 卸貨
`retreat palma`　被擠走的船選擇拉帕爾馬島或耶羅島
`done`　結束你的回合
島嶼：hierro（耶羅島）palma（拉帕爾馬島）gomera（拉戈梅拉島）tenerife（特內里費島）canaria（大加那利島）\
fuerteventura（富埃特文圖拉島）lanzarote（蘭薩羅特島），全名或開頭幾個字母都可以。
作物：`sugar`（蔗糖）`wine`（葡萄酒）`grain`（穀物）。
卡片：各島嶼、workers（移動工人）、ship（移動船）、farm（耕種作物）、sell（出售作物）、build（建造定居小屋）、\
minus（-4 卡）；也可以用 1-13 的順序編號（`choose 4 10 11`）。""",
    "terra-mystica": """\
祕境：使用線上網站（terra.snellman.net）的記譜法。一個回合可以用「. 」串起好幾個部分。
**遊戲設定**：2-5 人，預設是印刷版基本遊戲；一個字套用網站的設定：`options:site`（網站每局都加的規則）或 `options:league`（網站聯賽）。另有 `map=...`（見下方選項）與 `fire-and-ice-final-scoring=true`，例如 `/game new game:terra-mystica options:league map=fire-ice-1`
**開局**：`setup witches`（選種族，選單會列出還能選的），接著每個起始住宅 `build E5`，再 `pass BON3`（第一張獎勵卡）。
**建造與升級**
`build E5`：把 E5 改成你的家鄉地形（用工人換鏟子）並蓋一間住宅
`transform E8 to red`：只改變地形（顏色：`yellow` `brown` `black` `blue` `green` `gray` `red`）
`upgrade E5 to TP`（貿易站；之後 `TE` 廟宇、`SH` 要塞、`SA` 聖殿）；廟宇或聖殿要選宗教獎勵：`upgrade F3 to TE. +FAV11`
**魔力與祭司**
`action ACT6. build D7`：用魔力行動拿 2 把鏟子再建造
`burn 2. action ACT6. transform E8 to red. build D7`：先燒魔力，全部在同一回合
`action ACT2` 祭司、`action ACT3` 2 個工人、`action ACT4` 7 元、`action ACT1. bridge C2:D4` 造橋
`send p to AIR`（最好的空位）或 `send p to FIRE for 1`：派祭司到元素信仰（`FIRE` 火、`WATER` 水、`EARTH` 土、`AIR` 風）
`convert 5PW to 1P`、`convert 1P to 1W`、`convert 3PW to 1W`、`convert 1W to 1C`、`burn 3`：兌換與燒魔力
**信仰、特殊行動、跳過**
`advance ship`（航行能力）、`advance dig`（鏟子兌換率）
`action BON1. build F2`（獎勵卡的鏟子）、`action BON2. +WATER`、`action FAV6. +AIR`
要塞行動：`action ACTW. build F2`（女巫）、`action ACTN`、`action ACTG`、`action ACTS`、`action ACTA. +FIRE`、`action ACTC`
`pass BON7`：跳過並換獎勵卡（第 6 回合只要 `pass`）
**回應別人**：`leech 2 from witches` 吸取魔力 / `decline 2 from witches` 放棄（按鈕會幫你輸入）
城鎮板塊與信仰選擇：`+TW2`、`+FIRE`；人魚：`connect r1`。
**冰與火**（選項 fire-and-ice-factions/ice=on、/volcano、/variable_v5；/variable 為 2014 年出版規則）：選冰原或可變地形種族後 `pick-color gray` 選顏色（火山種族等大家都選完），冰雪少女 `+FAV11`，火山 `dig 1. build E5. -3FIRE`，河行者 `unlock-terrain green`，變形者 `gain P3 for VP`、`action ACTH5. pick-color green`。
/行動 的自動完成一次補完一個部分並顯示花費，例如 `build E5 — 4 W 2 C`（`W` 工人、`C` 元、`P` 祭司、`PW` 魔力、`VP` 分）。""",
    "altiplano": """\
神祕高原：抽袋、秘密計畫，然後每回合執行一個行動。代號：e05 擴展板塊、o03 訂單、h02 房屋、b04 船。
計畫（秘密）：`plan fish harbor`｜`plan food move`｜`plan food role`｜`plan food e05`｜`unplan fish harbor`
　一次多個並結束計畫：`plan fish harbor food harbor alpaca farm done`
　`coin e08`（放錢到市場擴展板塊）｜`uncoin e08`｜`swap fish bag` / `swap fish glass`（交換擴展）｜`done`
抽袋前（板塊還留在你的圖板上時）：`return fish harbor`｜`return coin e08`｜`draw`
移動（免費，不算行動）：`move farm`（第一台推車免費，之後每台花一個計畫好的食物）｜`step mine`（1 食物）
　加上 `coin` 表示用移動軌上的錢支付（錢幣移動擴展）
在你棋子所在地點的行動，每回合一個：
　`farm food 2`｜`farm wool`｜`farm cloth`｜`forest wood`｜`forest cacao glass food`｜`mine stone`｜`mine silver`
　`harbor food`｜`harbor stone`｜`harbor boat b03`｜`village house h02`｜`village store fish fish wool corn@4`
　`village cart`｜`road build`｜`market order o05`｜`market deliver fish stone`｜`market ext e05`｜`market sell silver`
　`use role`｜`use e12 ore`｜`use e21 2`｜`pass`
玉米：`corn 3`（第幾列）或 `corn keep`。開局：`pick miner`（輪選角色）、`keep m03 give m07`（給左手邊）、`choose m11`。
結束：`final fish`（終局存放擴展）｜`final corn@2`｜`final stop`
沒有船或房屋了：仍可以打 `harbor boat` / `village house`，付出資源但什麼都拿不到。
遊戲結束：清空某個地點或擴展板塊列的那一輪結束後，遊戲結束；選項 extra_round=true 則依出版規則再多玩完整的一輪。""",
    "bruges": """\
布魯日：每輪打出 4 張卡，每張可換工人、金錢、移除威脅、運河、房屋或人物。
`draw a` / `draw b`　抽牌階段：從 A 或 B 牌堆抽頂牌（直到手上 5 張）
`draw a a b`　連續抽好幾張（每抽一張才看得到新的頂牌顏色）
`roll`　起始玩家擲骰（5 和 6 會帶來威脅）
`rep` / `skip`　支付聲望提升（1 和 2 點的骰子總和）或不支付
`play 12 workers`　用 12 號卡換 2 個同色工人
`play 12 money`　拿等於該卡顏色骰子點數的金錢
`play 12 threat`　移除一個該顏色的威脅，+1 分
`play 12 canal [left]`　蓋該顏色的下一段運河（付 1-5 元）
`play 12 house`　把這張卡當房屋（付 1 個同色工人）
`play 12 hire [house 2]`　雇用這個人物（付費；`house 2` = 取代 2 號房屋裡的人物）
`use 7`　啟動 7 號人物（工人符號，每輪一次）
`end`　打完卡後結束你的回合
`choose red`　回答人物的問題（顏色、運河左右、牌堆 a|b）
`lose person 7` / `lose house 2` / `lose canal left`　瘟疫或火災之後
/手牌 會顯示你的手牌與效果。""",
    "amerigo": """\
亞美利哥：`coins`、`cannon 4`、`sail` 接著 `ship 1 C7`/`post C8`/`done`、`build` 接著 `n i3 C5 C6 C7`。
每個階段倒入一種顏色的行動方塊；顯示的方塊數 = 可用的行動點數，數量最多的顏色 = 分數。
`coins`：不執行行動，改拿錢（方塊數 / 3，無條件進位）。多拿的分數每分 1 元，自動支付。
`cannon N` 裝填砲彈（黑色）｜`develop N` 發展軌（棕色），每經過一個數字就 `take <板塊>`
`order N` 特殊行動軌（白色）｜白色方塊也算你特殊行動軌圓盤下方的顏色
`sail`（藍色）：第一次 `place rim3` 兩次（外框格由左上角順時針為 rim1、rim2⋯），`ship 1 C7`（每步花點數，每艘船都有全部點數），
　`post C8` 在你的船停靠的錨旁邊設交易站，`use sail8`，`done`
`plan`（紅色）：`n i3` 拿一塊中立景觀板塊（花費 = 大小，每階段一塊），`v l3` 自己的村莊板塊（花費 1），`done`
`build`（綠色）：在你有交易站的島上 `n i3 C5 C6 C7` 或 `v 1 D4`，要碰到你的交易站或板塊，`done`
`produce`（黃色）：`buy cotton3`（花費 = 數字），`done`
`vp`、`first`、`use chest`、`use coins3`、`use coins5`：一次性板塊與藏寶箱
形狀：1 2 i3 l3 i4 o4 u5 r6。貨物：`cotton`（棉花）`tea`（茶葉）`sugar`（蔗糖）`coconut`（椰子）`coffee`（咖啡）。格子：欄字母 + 列數（C7）；外框格：rim1⋯。""",
}

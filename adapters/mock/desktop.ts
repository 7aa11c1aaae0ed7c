// The built-in mock desktop: three windows, each with a tree of its own, ids
// following child order.

import {
  assignIds,
  type Bounds,
  type Element,
  element,
  type WindowInfo,
} from "../../lib/model/tree.ts";

/** A mock window: what list_windows reports (less the uid, which depends on the nonce) and its tree. */
export interface MockWindow
  extends Pick<WindowInfo, "handle" | "title" | "process" | "pid" | "bounds" | "focused"> {
  tree: Element;
  /**
   * Rows a collapsed tree item reveals as following siblings when expanded,
   * by item name (the explorer is a flat list, as in VS Code's accessibility
   * tree): expanding renumbers the rows below, which makes stale ids real.
   */
  expansions?: Record<string, Element[]>;
}

const el = element;

const NOTEPAD_TEXT = "Hello, world!\nThis is a test document.\nLine 3 has some content here.\n";

function notepadTree(): Element {
  const menus = ["File", "Edit", "Format", "View", "Help"].map((name, i) =>
    el("MenuItem", name, [80 + 58 * i, 60, 56, 22])
  );
  const status = [
    ["Position", "Ln 1, Col 1"],
    ["Zoom", "100%"],
    ["Encoding", "UTF-8"],
    ["EOL", "Windows (CRLF)"],
  ].map(([name, value], i) => el("Text", name, [80 + 190 * i, 614, 188, 22], { value }));
  return el("Window", "Untitled — Notepad", [80, 60, 800, 600], {}, [
    el("MenuBar", "MenuBar", [80, 60, 800, 22], {}, menus),
    el("Document", "Text Editor", [80, 82, 800, 514], { focused: true, value: NOTEPAD_TEXT }),
    el("ScrollBar", "Horizontal ScrollBar", [80, 596, 784, 18]),
    el("ScrollBar", "Vertical ScrollBar", [864, 82, 18, 532]),
    el("StatusBar", "Status Bar", [80, 614, 800, 22], {}, status),
    el("ProgressBar", "Saving", [560, 600, 200, 10], {
      value_now: 40.0,
      value_min: 0.0,
      value_max: 100.0,
    }),
    el("CheckBox", "Word Wrap", [80, 636, 120, 18], { selected: true }),
  ]);
}

const CHROME_TITLE = "GitHub · Where software is built — Google Chrome";

function chromeTree(): Element {
  const tabs = el("TabControl", "Tabs", [0, 0, 1920, 40], {}, [
    el("TabItem", "GitHub · Where software is built", [8, 4, 240, 32], { selected: true }),
    el("TabItem", "New Tab", [250, 4, 240, 32], { selected: false }),
    el("Button", "New tab", [494, 6, 28, 28], { keyboard_shortcut: "Ctrl+T" }),
  ]);
  const toolbar = el("ToolBar", "Navigation", [0, 40, 1920, 44], {}, [
    el("Button", "Back", [8, 46, 32, 32], { keyboard_shortcut: "Alt+Left" }),
    el("Button", "Forward", [44, 46, 32, 32], { enabled: false, keyboard_shortcut: "Alt+Right" }),
    el("Button", "Reload", [80, 46, 32, 32], { keyboard_shortcut: "Ctrl+R" }),
    el("Edit", "Address and search bar", [124, 48, 1600, 28], {
      value: "https://github.com/",
      keyboard_shortcut: "Ctrl+L",
    }),
    el("Button", "Bookmark this tab", [1732, 46, 32, 32], { keyboard_shortcut: "Ctrl+D" }),
    el("Button", "Extensions", [1768, 46, 32, 32]),
    el("Button", "Chrome menu", [1880, 46, 32, 32], { description: "Customize and control" }),
  ]);
  const page = el("Document", "GitHub · Where software is built", [0, 84, 1920, 966], {
    focused: true,
  }, [
    el("Link", "Skip to content", [8, 92, 120, 20]),
    el("Navigation", "Global", [0, 84, 1920, 64], {}, [
      el("Link", "Homepage", [24, 100, 32, 32]),
      el("Link", "Product", [80, 104, 80, 24]),
      el("Link", "Solutions", [170, 104, 80, 24]),
      el("Link", "Pricing", [260, 104, 70, 24]),
      el("Edit", "Search or jump to…", [1400, 100, 300, 32], { value: "" }),
      el("Link", "Sign in", [1716, 100, 70, 32]),
      el("Link", "Sign up", [1796, 100, 90, 32]),
    ]),
    el("Heading", "Let’s build from here", [460, 320, 1000, 72]),
    el(
      "Text",
      "The AI-powered developer platform to build, scale, and deliver secure software.",
      [460, 404, 1000, 32],
    ),
    el("Edit", "Email address", [560, 470, 380, 48], { value: "" }),
    el("Button", "Sign up for GitHub", [950, 470, 220, 48]),
    el("Heading", "Productivity", [460, 640, 400, 40]),
    el("Link", "Explore GitHub Copilot", [460, 690, 220, 24]),
  ]);
  return el("Window", CHROME_TITLE, [0, 0, 1920, 1050], {}, [tabs, toolbar, page]);
}

const VSCODE_SOURCE = [
  "from adapters import select_adapter",
  "",
  "",
  "def main() -> None:",
  '    """Start the observer on the best adapter available."""',
  "    adapter = select_adapter()",
  "    for window in adapter.list_windows():",
  '        print(window["title"])',
  "",
  "",
  'if __name__ == "__main__":',
  "    main()",
  "",
].join("\n");

function vscodeTree(): Element {
  const activity = el("ToolBar", "Activity Bar", [960, 30, 48, 998], {}, [
    el("Button", "Explorer", [960, 30, 48, 48], {
      selected: true,
      keyboard_shortcut: "Ctrl+Shift+E",
    }),
    el("Button", "Search", [960, 78, 48, 48], { keyboard_shortcut: "Ctrl+Shift+F" }),
    el("Button", "Source Control", [960, 126, 48, 48], { keyboard_shortcut: "Ctrl+Shift+G" }),
    el("Button", "Run and Debug", [960, 174, 48, 48], { keyboard_shortcut: "Ctrl+Shift+D" }),
    el("Button", "Extensions", [960, 222, 48, 48], { keyboard_shortcut: "Ctrl+Shift+X" }),
  ]);
  const files = ["screen_observer.py", "main.py", "config.json", "README.md"];
  const explorer = el("Pane", "Explorer", [1008, 30, 240, 998], {}, [
    el("Tree", "Files Explorer", [1008, 60, 240, 400], {}, [
      el("TreeItem", "adapters", [1008, 60, 240, 22], { expanded: false }),
      ...files.map((name, i) =>
        el("TreeItem", name, [1008, 82 + 22 * i, 240, 22], { selected: i === 0 })
      ),
    ]),
  ]);
  const editorTabs = el("TabControl", "Editor tabs", [1248, 30, 672, 35], {}, [
    el("TabItem", "screen_observer.py", [1248, 30, 160, 35], { selected: true }),
  ]);
  const editor = el("Document", "screen_observer.py", [1248, 65, 672, 700], {
    focused: true,
    value: VSCODE_SOURCE,
  });
  const terminal = el("Pane", "Terminal", [1248, 765, 672, 263], {}, [
    el("Edit", "Terminal 1", [1248, 795, 672, 233], {
      value: "$ python screen_observer.py\nUntitled — Notepad\n$ ",
    }),
  ]);
  const status = el("StatusBar", "Status Bar", [960, 1028, 960, 22], {}, [
    el("Text", "Branch", [960, 1028, 120, 22], { value: "main" }),
    el("Text", "Cursor Position", [1600, 1028, 120, 22], { value: "Ln 6, Col 5" }),
    el("Text", "Language Mode", [1730, 1028, 90, 22], { value: "Python" }),
  ]);
  return el("Window", "screen_observer.py — Visual Studio Code", [960, 0, 960, 1050], {}, [
    activity,
    explorer,
    editorTabs,
    editor,
    terminal,
    status,
  ]);
}

/** A fresh copy of the default desktop (callers may mutate it). */
export function defaultDesktop(): MockWindow[] {
  return [
    {
      handle: "1001",
      title: "Untitled — Notepad",
      process: "notepad.exe",
      pid: 1234,
      bounds: { x: 80, y: 60, width: 800, height: 600 },
      focused: true,
      tree: assignIds(notepadTree()),
    },
    {
      handle: "1002",
      title: CHROME_TITLE,
      process: "chrome.exe",
      pid: 5678,
      bounds: { x: 0, y: 0, width: 1920, height: 1050 },
      focused: false,
      tree: assignIds(chromeTree()),
    },
    {
      handle: "1003",
      title: "screen_observer.py — Visual Studio Code",
      process: "code.exe",
      pid: 9012,
      bounds: { x: 960, y: 0, width: 960, height: 1050 },
      focused: false,
      tree: assignIds(vscodeTree()),
      expansions: {
        adapters: ["linux", "mock", "types.py"].map((name) =>
          el(
            "TreeItem",
            `    ${name}`,
            [1008, 0, 240, 22],
            name.endsWith(".py") ? {} : {
              expanded: false,
            },
          )
        ),
      },
    },
  ];
}

/** The mock's virtual screen (it reports no monitors, as the spec says). */
export const MOCK_SCREEN: Bounds = { x: 0, y: 0, width: 1920, height: 1080 };

/**
 * The fifteen tools against the real server and its offline provider (the TOOL
 * rules): a signed-in user runs each once and sees a usable result, the balance falls
 * by the tool's cost; each of the first eight also fails a run on purpose (a `[fail]` marker: in the
 * prompt, in the picture's metadata for Restore, in the words read for Image to Text) and sees the
 * banner and the refund; a visitor gets the login dialog on each of the eight, and oversized or HEIC
 * files are refused before any request.
 */
import type { Page } from 'playwright-core';
import { setupBrowser } from './browser';
import { imageAndTextTools } from './tool-runs/image-text';
import { mediaTools } from './tool-runs/media';
import { visitorTools } from './tool-runs/visitor';
import type { ToolRun } from './tool-runs/helpers';

// One browser for the file. Its parts (tool-runs/) register their tests here, in this order: one user
// runs all fifteen tools on one page (the first part signs it in and funds it), then finds every run
// in My creations.
const { browser } = setupBrowser();
const run: ToolRun = { browser, page: undefined as unknown as Page, token: '', made: [] };

imageAndTextTools(run);
visitorTools(browser);
mediaTools(run);

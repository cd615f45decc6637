// Entry of the sign-in page (login.html): plain DOM, no React in its first load (bench/README.md).
import "../index.css";
import { ownPageLoaded } from "@/lib/own-page";
import { startSignInPage } from "./page";

ownPageLoaded();

const root = document.getElementById("root");
if (root) startSignInPage(root);

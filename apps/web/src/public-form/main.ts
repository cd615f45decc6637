// Entry of the public form page (form.html): plain DOM, no React, so customers' visitors download little.
import "./public-form.css";
import { startPublicFormPage } from "./page";

const root = document.getElementById("form-root");
if (root) void startPublicFormPage(root);

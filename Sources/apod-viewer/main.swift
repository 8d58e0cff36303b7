import APODViewer
